import { randomUUID } from 'node:crypto';

import { AppError, getHelpRequest, helpRequestRepliedV1, type InputOf, type OutputOf, replyToHelpRequest, setHelpRequestStatus } from '@marketplace/contracts';
import {
  BusClient,
  callerOf,
  countAttempt,
  type Db,
  type HandlerContext,
  limitBuckets,
  type OperationHandler,
  recordEvent,
  UnitOfWork,
} from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { appendAudit } from '../moderation/audit-log.js';
import { refuseSecrets } from '../reports/refuse-secrets.js';
import { helpRequest, insertReply, setHelpStatus } from './help.queries.js';
import { type HelpRow, staffDetail } from './help-request-view.js';

/**
 * The staff side of one help request: read it with its replies, reply, set its status. Access
 * `staff` is enforced by the kit before these run. A reply and the status it sets are written with
 * the event that has the member told (alert and email) and the audit entry, in one transaction;
 * replies count against the staff member's `helpReplies` write limit, since each one emails a member.
 * The audit entry names the reply, not its text: the log is kept forever, the member's words are not.
 */

async function findRequest(db: Db, id: string, lock = false): Promise<HelpRow> {
  const notFound = AppError.notFound('No help request has this id.');
  const row = await helpRequest(db, id.toLowerCase(), { forUpdate: lock });
  if (!row) throw notFound;
  return row;
}

@Injectable()
export class GetHelpRequestHandler implements OperationHandler<typeof getHelpRequest> {
  readonly operation = getHelpRequest;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ id }: InputOf<typeof getHelpRequest>, ctx: HandlerContext): Promise<OutputOf<typeof getHelpRequest>> {
    return staffDetail(this.ds, this.bus, await findRequest(this.ds, id), ctx);
  }
}

@Injectable()
export class ReplyToHelpRequestHandler implements OperationHandler<typeof replyToHelpRequest> {
  readonly operation = replyToHelpRequest;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof replyToHelpRequest>, ctx: HandlerContext): Promise<OutputOf<typeof replyToHelpRequest>> {
    const staffId = callerOf(ctx).memberId;
    // The reply is emailed and kept: the same refusal as the member's own text.
    refuseSecrets({ message: input.message });
    const row = await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().helpReplies, staffId);
      const request = await findRequest(em, input.id, true);
      const replyId = randomUUID();
      await insertReply(em, { id: replyId, help_request_id: request.id, staff_id: staffId, message: input.message });
      await setHelpStatus(em, request.id, input.status);
      await recordEvent(em, helpRequestRepliedV1, { helpRequestId: request.id, replyId, memberId: request.member_id });
      await appendAudit(em, {
        actorId: staffId,
        action: 'reply_to_help_request',
        targetKind: 'help_request',
        targetId: request.id,
        reason: `reply ${replyId}; status ${request.status} -> ${input.status}`,
      });
      return { ...request, status: input.status };
    });
    return staffDetail(this.ds, this.bus, row, ctx);
  }
}

@Injectable()
export class SetHelpRequestStatusHandler implements OperationHandler<typeof setHelpRequestStatus> {
  readonly operation = setHelpRequestStatus;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof setHelpRequestStatus>, ctx: HandlerContext): Promise<OutputOf<typeof setHelpRequestStatus>> {
    const row = await this.uow.run(async (em) => {
      const request = await findRequest(em, input.id, true);
      // Setting the status it already has changes nothing, so nothing is recorded.
      if (request.status !== input.status) {
        await setHelpStatus(em, request.id, input.status);
        await appendAudit(em, {
          actorId: callerOf(ctx).memberId,
          action: 'set_help_request_status',
          targetKind: 'help_request',
          targetId: request.id,
          reason: `status ${request.status} -> ${input.status}`,
        });
      }
      return { ...request, status: input.status };
    });
    return staffDetail(this.ds, this.bus, row, ctx);
  }
}
