import { callerOf } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { isUuid, AppError, listMessages, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { ConversationEntity } from './conversation.entity.js';
import { MessageEntity } from './message.entity.js';
import { otherSide, sideOf, toMessage } from './message.mapper.js';

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
    const convs = await this.ds.getRepository(ConversationEntity).find({
      where: [{ posterId: memberId }, { applicantId: memberId }], order: { lastMessageAt: 'DESC' }, take: limit,
    });
    if (!convs.length) return { conversations: [] };
    const ids = convs.map((c) => c.applicationId);
    const last = (await this.ds.query(
      `SELECT DISTINCT ON (application_id) id FROM messages WHERE application_id = ANY($1::uuid[])
       ORDER BY application_id, created_at DESC, id DESC`,
      [ids],
    )) as { id: string }[];
    const lastById = new Map((await this.ds.getRepository(MessageEntity).findBy({ id: In(last.map((l) => l.id)) }))
      .map((m) => [m.applicationId, m]));
    const stats = (await this.ds.query(
      `SELECT c.application_id,
         (SELECT count(*) FROM messages m WHERE m.application_id = c.application_id AND m.read_at IS NULL
            AND m.sender_role <> CASE WHEN c.poster_id = $2 THEN 'poster' ELSE 'applicant' END)::int AS unread,
         EXISTS (SELECT 1 FROM applications a WHERE a.id = c.application_id AND a.status = 'accepted') AS hired
       FROM conversations c WHERE c.application_id = ANY($1::uuid[])`,
      [ids, memberId],
    )) as { application_id: string; unread: number; hired: boolean }[];
    const statById = new Map(stats.map((s) => [s.application_id, s]));
    return {
      conversations: convs.flatMap((c) => {
        const side = sideOf(c, memberId)!;
        const lastMessage = lastById.get(c.applicationId);
        if (!lastMessage) return [];
        const stat = statById.get(c.applicationId);
        return [{
          applicationId: c.applicationId, job: { id: c.jobId, title: c.title }, role: side,
          with: otherSide(c, side, stat?.hired ?? false), lastMessage: toMessage(lastMessage, side), unread: stat?.unread ?? 0,
        }];
      }),
    };
  }

  /** One conversation, oldest first, paged backwards with before; the other side's messages become read. */
  private async conversation(applicationId: string, before: string | undefined, limit: number, memberId: string): Promise<OutputOf<typeof listMessages>> {
    const notFound = AppError.notFound('No conversation with this application id is yours.');
    if (!isUuid(applicationId)) throw notFound;
    const conv = await this.ds.getRepository(ConversationEntity).findOneBy({ applicationId });
    const side = conv ? sideOf(conv, memberId) : null;
    if (!conv || !side) return this.emptyConversation(applicationId, memberId, limit, notFound);
    const rows = (await this.ds.getRepository(MessageEntity).createQueryBuilder('m')
      .where('m.application_id = :applicationId', { applicationId })
      .andWhere(before ? 'm.created_at < :before' : 'TRUE', { before })
      .orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC').take(limit + 1).getMany());
    const page = rows.slice(0, limit).reverse();
    await this.ds.query(
      `UPDATE messages SET read_at = now() WHERE application_id = $1 AND sender_role <> $2 AND read_at IS NULL`,
      [applicationId, side],
    );
    const [hired] = (await this.ds.query(`SELECT 1 FROM applications WHERE id = $1 AND status = 'accepted'`, [applicationId])) as unknown[];
    return {
      applicationId, job: { id: conv.jobId, title: conv.title }, role: side, with: otherSide(conv, side, hired !== undefined),
      messages: page.map((m) => toMessage(m, side)),
      nextBefore: rows.length > limit ? page[0]!.createdAt.toISOString() : null,
    };
  }

  /** An application nobody wrote about yet is an empty conversation for its two sides. */
  private async emptyConversation(applicationId: string, memberId: string, _limit: number, notFound: AppError): Promise<OutputOf<typeof listMessages>> {
    const [app] = (await this.ds.query(
      `SELECT job_id, poster_id, applicant_id, applied_to->>'title' AS title, applicant->>'name' AS name, status
       FROM applications WHERE id = $1 AND (poster_id = $2 OR applicant_id = $2)`,
      [applicationId, memberId],
    )) as { job_id: string; poster_id: string; applicant_id: string; title: string; name: string; status: string }[];
    if (!app) throw notFound;
    const role = app.poster_id === memberId ? 'poster' : 'applicant';
    return {
      applicationId, job: { id: app.job_id, title: app.title }, role,
      // The poster's identity is only known once a conversation starts; until then it is not revealed.
      with: role === 'poster' ? { id: app.applicant_id, name: app.name } : { id: null, name: 'The poster' },
      messages: [], nextBefore: null,
    };
  }
}
