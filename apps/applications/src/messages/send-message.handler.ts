import { randomUUID } from 'node:crypto';

import { AppError, getHiringJob, type InputOf, isUuid, messageSentV1, type OutputOf, sendMessage } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { applicationStatus, findApplication } from '../applying/applications.queries.js';
import { sentBy } from '../common/request-facts.js';
import { toMessage } from './message.mapper.js';
import { conversation, insertConversation, insertMessage, type MessageRow, touchConversation } from './messages.queries.js';

/**
 * Poster and applicant of one application talk in its single conversation; never by email. Not on
 * declined or withdrawn applications (409), and limited per member (the `messages` bucket).
 */
const CLOSED_STATUSES: ReadonlySet<string> = new Set(['declined', 'withdrawn']);

@Injectable()
export class SendMessageHandler implements OperationHandler<typeof sendMessage> {
  readonly operation = sendMessage;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
    private readonly ds: DataSource,
  ) {}

  async handle(input: InputOf<typeof sendMessage>, ctx: HandlerContext): Promise<OutputOf<typeof sendMessage>> {
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No application with this id is yours to message about.');
    // A body field, not a path id: the gate leaves it to us.
    if (!isUuid(input.applicationId)) throw notFound;
    // Two reads at once, each a statement of its own (no transaction: the write below reads the status again).
    const [app, existing] = await Promise.all([findApplication(this.ds, { id: input.applicationId }), conversation(this.ds, input.applicationId)]);
    if (!app || (app.applicant_id !== caller.memberId && app.poster_id !== caller.memberId)) throw notFound;
    if (CLOSED_STATUSES.has(app.status)) {
      throw AppError.conflict(`This application was ${app.status}; its conversation is closed to new messages.`);
    }
    const side = app.poster_id === caller.memberId ? 'poster' : 'applicant';
    const job = existing ? null : await this.bus.call(getHiringJob, { jobId: app.job_id }, ctx);
    return this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().messages, caller.memberId);
      // Read again under the transaction: a decline or withdrawal may have landed since.
      const current = await applicationStatus(em, app.id);
      if (current && CLOSED_STATUSES.has(current.status)) {
        throw AppError.conflict(`This application was ${current.status}; its conversation is closed to new messages.`);
      }
      const now = new Date();
      if (job) {
        await insertConversation(em, {
          application_id: app.id,
          job_id: app.job_id,
          title: app.applied_to.title,
          poster_id: app.poster_id,
          applicant_id: app.applicant_id,
          poster: job.poster,
          poster_visibility: job.posterVisibility,
          applicant_name: app.applicant.name,
          last_message_at: now,
        });
      }
      await touchConversation(em, app.id, now);
      const message: MessageRow = {
        id: randomUUID(),
        application_id: app.id,
        sender_id: caller.memberId,
        sender_role: side,
        sent_by: sentBy(caller),
        body: input.body,
        created_at: now,
        read_at: null,
        removed_at: null,
      };
      await insertMessage(em, message);
      await recordEvent(em, messageSentV1, {
        messageId: message.id,
        applicationId: app.id,
        jobId: app.job_id,
        title: app.applied_to.title,
        senderId: caller.memberId,
        recipientId: side === 'poster' ? app.applicant_id : app.poster_id,
        senderRole: side,
        sentAt: now.toISOString(),
      });
      return toMessage(message, side);
    });
  }
}
