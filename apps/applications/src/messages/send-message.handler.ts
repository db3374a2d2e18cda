import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  isUuid,
  AppError, getHiringJob, messageSentV1, sendMessage, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, countAttempt, limitBuckets, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler, callerOf,
} from '@marketplace/service-kit';
import { ApplicationEntity } from '../applying/application.entity.js';
import { sentBy } from '../common/request-facts.js';
import { ConversationEntity } from './conversation.entity.js';
import { MessageEntity } from './message.entity.js';
import { toMessage } from './message.mapper.js';

/**
 * Poster and applicant of one application talk in its single conversation; never by email. Not on
 * declined or withdrawn applications (409), and limited per member (the `messages` bucket).
 */
const CLOSED_STATUSES: ReadonlySet<string> = new Set(['declined', 'withdrawn']);

@Injectable()
export class SendMessageHandler implements OperationHandler<typeof sendMessage> {
  readonly operation = sendMessage;

  constructor(private readonly uow: UnitOfWork, private readonly bus: BusClient) {}

  async handle(input: InputOf<typeof sendMessage>, ctx: HandlerContext): Promise<OutputOf<typeof sendMessage>> {
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No application with this id is yours to message about.');
    if (!isUuid(input.applicationId)) throw notFound;
    const app = await this.uow.run((em) => em.findOneBy(ApplicationEntity, { id: input.applicationId }));
    if (!app || (app.applicantId !== caller.memberId && app.posterId !== caller.memberId)) throw notFound;
    if (CLOSED_STATUSES.has(app.status)) {
      throw AppError.conflict(`This application was ${app.status}; its conversation is closed to new messages.`);
    }
    const side = app.posterId === caller.memberId ? 'poster' : 'applicant';
    const existing = await this.uow.run((em) => em.findOneBy(ConversationEntity, { applicationId: app.id }));
    const job = existing ? null : await this.bus.call(getHiringJob, { jobId: app.jobId }, ctx);
    return this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().messages, caller.memberId);
      // Read again under the transaction: a decline or withdrawal may have landed since.
      const [current] = (await em.query('SELECT status FROM applications WHERE id = $1', [app.id])) as { status: string }[];
      if (current && CLOSED_STATUSES.has(current.status)) {
        throw AppError.conflict(`This application was ${current.status}; its conversation is closed to new messages.`);
      }
      const now = new Date();
      if (job) {
        await em.createQueryBuilder().insert().into(ConversationEntity).values({
          applicationId: app.id, jobId: app.jobId, title: app.appliedTo.title, posterId: app.posterId,
          applicantId: app.applicantId, poster: job.poster, posterVisibility: job.posterVisibility,
          applicantName: app.applicant.name, lastMessageAt: now,
        }).orIgnore().execute();
      }
      await em.update(ConversationEntity, { applicationId: app.id }, { lastMessageAt: now });
      const message = em.create(MessageEntity, {
        id: randomUUID(), applicationId: app.id, senderId: caller.memberId, senderRole: side, sentBy: sentBy(caller),
        body: input.body, createdAt: now, readAt: null, removedAt: null,
      });
      await em.insert(MessageEntity, message);
      await recordEvent(em, messageSentV1, {
        messageId: message.id, applicationId: app.id, jobId: app.jobId, title: app.appliedTo.title,
        senderId: caller.memberId, recipientId: side === 'poster' ? app.applicantId : app.posterId,
        senderRole: side, sentAt: now.toISOString(),
      });
      return toMessage(message, side);
    });
  }
}
