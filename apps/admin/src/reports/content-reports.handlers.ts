import { randomUUID } from 'node:crypto';

import { AppError, type InputOf, isUuid, listMyContentReports, type OutputOf, REPORT_LIST_LIMITS, reportContent } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { reportedContentExists } from '../moderation/content-owners.js';
import { normaliseId, refuseSecrets } from './refuse-secrets.js';
import { insertOpenReport, myReportsPage, type ReportRow } from './reports.queries.js';

type ContentReport = OutputOf<typeof reportContent>;

function toContentReport(r: ReportRow): ContentReport {
  return {
    id: r.id,
    kind: r.kind as ContentReport['kind'],
    itemId: r.item_id,
    reason: r.reason as ContentReport['reason'],
    details: r.details,
    status: r.status as ContentReport['status'],
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
  };
}

/**
 * Reports a job, comment, member or message. One open report per reporter and item, held by the
 * partial unique index content_reports_one_open: a second one while the first is open is 409 and,
 * rolled back with it, not counted against the member's hourly limit.
 *
 * A job or comment with a well-formed id is recorded whether or not it exists: a hidden, closed
 * or anonymous job is not readable by the reporter, so answering 404 for an unknown id would tell
 * them which ids exist. The report waits for a moderator like any other, and deciding one on
 * content that does not exist answers that it is gone. A member or message must exist (a message
 * in one of the reporter's conversations), 404 otherwise: member pages are public anyway and a
 * message id says nothing outside one's own conversations. Those are asked before the
 * transaction, so no lock waits on another service.
 */
@Injectable()
export class ReportContentHandler implements OperationHandler<typeof reportContent> {
  readonly operation = reportContent;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof reportContent>, ctx: HandlerContext): Promise<ContentReport> {
    const caller = callerOf(ctx);
    refuseSecrets({ details: input.details });
    const itemId = normaliseId(input.itemId);
    const recordedBlind = (input.kind === 'job' || input.kind === 'comment') && isUuid(itemId);
    if (!recordedBlind && !(await reportedContentExists(this.bus, input.kind, itemId, caller.memberId, ctx))) {
      throw AppError.notFound(`There is no ${input.kind} with this id${input.kind === 'message' ? ' in your conversations' : ''}.`);
    }
    return this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().contentReports, caller.memberId);
      const row = await insertOpenReport(em, {
        id: randomUUID(),
        reporter_id: caller.memberId,
        via: caller.via,
        kind: input.kind,
        item_id: itemId,
        reason: input.reason,
        details: input.details ?? null,
      });
      if (!row) throw AppError.conflict(`You already have an open report on this ${input.kind}; it is waiting for a moderator.`);
      return toContentReport(row);
    });
  }
}

/** The caller's own reports, newest first, with their outcome. */
@Injectable()
export class ListMyContentReportsHandler implements OperationHandler<typeof listMyContentReports> {
  readonly operation = listMyContentReports;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listMyContentReports>, ctx: HandlerContext): Promise<OutputOf<typeof listMyContentReports>> {
    const caller = callerOf(ctx);
    const offset = input.offset ?? 0;
    const limit = input.limit ?? REPORT_LIST_LIMITS.defaultLimit;
    const page = await myReportsPage(this.ds, caller.memberId, input.status ?? null, offset, limit);
    return { reports: page.rows.map(toContentReport), nextOffset: page.nextOffset };
  }
}
