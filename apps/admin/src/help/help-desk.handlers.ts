import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import {
  AppError, getHelpRequest, helpRequestRepliedV1, isUuid, replyToHelpRequest, setHelpRequestStatus, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  BusClient, callerOf, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import { refuseSecrets } from '../reports/refuse-secrets.js';
import { staffDetail, type HelpRow } from './help-request-view.js';

/**
 * The staff side of one help request: read it with its replies, reply, set its status. Access
 * `staff` is enforced by the kit before these run. A reply and the status it sets are written with
 * the event that has the member told (alert and email), in one transaction.
 */

async function findRequest(db: DataSource | EntityManager, id: string, lock = false): Promise<HelpRow> {
  const notFound = AppError.notFound('No help request has this id.');
  if (!isUuid(id)) throw notFound;
  const [row] = (await db.query(
    `SELECT * FROM help_requests WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id.toLowerCase()],
  )) as HelpRow[];
  if (!row) throw notFound;
  return row;
}

@Injectable()
export class GetHelpRequestHandler implements OperationHandler<typeof getHelpRequest> {
  readonly operation = getHelpRequest;

  constructor(private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle({ id }: InputOf<typeof getHelpRequest>, ctx: HandlerContext): Promise<OutputOf<typeof getHelpRequest>> {
    return staffDetail(this.ds, this.bus, await findRequest(this.ds, id), ctx);
  }
}

@Injectable()
export class ReplyToHelpRequestHandler implements OperationHandler<typeof replyToHelpRequest> {
  readonly operation = replyToHelpRequest;

  constructor(private readonly uow: UnitOfWork, private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle(input: InputOf<typeof replyToHelpRequest>, ctx: HandlerContext): Promise<OutputOf<typeof replyToHelpRequest>> {
    const staffId = callerOf(ctx).memberId;
    // The reply is emailed and kept: the same refusal as the member's own text.
    refuseSecrets({ message: input.message });
    const row = await this.uow.run(async (em) => {
      const request = await findRequest(em, input.id, true);
      const replyId = randomUUID();
      await em.query(
        'INSERT INTO help_replies (id, help_request_id, staff_id, message, created_at) VALUES ($1, $2, $3, $4, now())',
        [replyId, request.id, staffId, input.message],
      );
      await em.query('UPDATE help_requests SET status = $2, status_changed_at = now() WHERE id = $1', [request.id, input.status]);
      await recordEvent(em, helpRequestRepliedV1, { helpRequestId: request.id, replyId, memberId: request.member_id });
      return { ...request, status: input.status };
    });
    return staffDetail(this.ds, this.bus, row, ctx);
  }
}

@Injectable()
export class SetHelpRequestStatusHandler implements OperationHandler<typeof setHelpRequestStatus> {
  readonly operation = setHelpRequestStatus;

  constructor(private readonly uow: UnitOfWork, private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle(input: InputOf<typeof setHelpRequestStatus>, ctx: HandlerContext): Promise<OutputOf<typeof setHelpRequestStatus>> {
    const row = await this.uow.run(async (em) => {
      const request = await findRequest(em, input.id, true);
      if (request.status !== input.status) {
        await em.query('UPDATE help_requests SET status = $2, status_changed_at = now() WHERE id = $1', [request.id, input.status]);
      }
      return { ...request, status: input.status };
    });
    return staffDetail(this.ds, this.bus, row, ctx);
  }
}
