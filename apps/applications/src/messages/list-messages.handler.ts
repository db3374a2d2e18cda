import { AppError, type InputOf, isUuid, listMessages, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { callerOf } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { otherSide, sideOf, toMessage } from './message.mapper.js';
import {
  applicationOfSide,
  conversation,
  conversationsOf,
  conversationStats,
  isAccepted,
  lastMessages,
  markConversationRead,
  messagesPage,
} from './messages.queries.js';

@Injectable()
export class ListMessagesHandler implements OperationHandler<typeof listMessages> {
  readonly operation = listMessages;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listMessages>, ctx: HandlerContext): Promise<OutputOf<typeof listMessages>> {
    const caller = callerOf(ctx);
    if (input.before && !input.applicationId) {
      throw AppError.badRequest('before pages one conversation; send it with application_id.', { before: 'Needs application_id.' });
    }
    return input.applicationId
      ? this.conversation(input.applicationId, input.before, input.limit ?? 50, caller.memberId)
      : this.inbox(input.limit ?? 50, caller.memberId);
  }

  /** Conversations with their last message and unread count, most recent first. */
  private async inbox(limit: number, memberId: string): Promise<OutputOf<typeof listMessages>> {
    const convs = await conversationsOf(this.ds, memberId, limit);
    if (!convs.length) return { conversations: [] };
    const ids = convs.map((c) => c.application_id);
    const lastById = new Map((await lastMessages(this.ds, ids)).map((m) => [m.application_id, m]));
    const stats = await conversationStats(this.ds, ids, memberId);
    const statById = new Map(stats.map((s) => [s.application_id, s]));
    return {
      conversations: convs.flatMap((c) => {
        const side = sideOf(c, memberId)!;
        const lastMessage = lastById.get(c.application_id);
        if (!lastMessage) return [];
        const stat = statById.get(c.application_id);
        return [
          {
            applicationId: c.application_id,
            job: { id: c.job_id, title: c.title },
            role: side,
            with: otherSide(c, side, stat?.hired ?? false),
            lastMessage: toMessage(lastMessage, side),
            unread: stat?.unread ?? 0,
          },
        ];
      }),
    };
  }

  /** One conversation, oldest first, paged backwards with before; the other side's messages become read. */
  private async conversation(applicationId: string, before: string | undefined, limit: number, memberId: string): Promise<OutputOf<typeof listMessages>> {
    const notFound = AppError.notFound('No conversation with this application id is yours.');
    // A query field, not a path id: the gate leaves it to us.
    if (!isUuid(applicationId)) throw notFound;
    const conv = await conversation(this.ds, applicationId);
    const side = conv ? sideOf(conv, memberId) : null;
    if (!conv || !side) return this.emptyConversation(applicationId, memberId, limit, notFound);
    const rows = await messagesPage(this.ds, applicationId, before, limit + 1);
    const page = rows.slice(0, limit).reverse();
    await markConversationRead(this.ds, applicationId, side);
    const hired = await isAccepted(this.ds, applicationId);
    return {
      applicationId,
      job: { id: conv.job_id, title: conv.title },
      role: side,
      with: otherSide(conv, side, hired),
      messages: page.map((m) => toMessage(m, side)),
      nextBefore: rows.length > limit ? page[0]!.created_at.toISOString() : null,
    };
  }

  /** An application nobody wrote about yet is an empty conversation for its two sides. */
  private async emptyConversation(applicationId: string, memberId: string, _limit: number, notFound: AppError): Promise<OutputOf<typeof listMessages>> {
    const app = await applicationOfSide(this.ds, applicationId, memberId);
    if (!app) throw notFound;
    const role = app.poster_id === memberId ? 'poster' : 'applicant';
    return {
      applicationId,
      job: { id: app.job_id, title: app.title },
      role,
      // The poster's identity is only known once a conversation starts; until then it is not revealed.
      with: role === 'poster' ? { id: app.applicant_id, name: app.name } : { id: null, name: 'The poster' },
      messages: [],
      nextBefore: null,
    };
  }
}
