import {
  AppError,
  contentModeratedV1,
  decideContentReport,
  type InputOf,
  listContentReports,
  type OutputOf,
  REPORT_LIST_LIMITS,
  restoreContent,
} from '@marketplace/contracts';
import { BusClient, callerOf, type HandlerContext, LOGGER, type Logger, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';

import { appendAudit } from './audit-log.js';
import { type RemovalResult, setRemoved } from './content-owners.js';
import { contentReport, contentReportsPage, decideOpenReports, restoreRemovedReports, type StaffReportRow } from './moderation.queries.js';

type StaffReport = OutputOf<typeof listContentReports>['reports'][number];

function toStaffReport(r: StaffReportRow): StaffReport {
  return {
    id: r.id,
    reporterId: r.reporter_id,
    kind: r.kind,
    itemId: r.item_id,
    reason: r.reason,
    details: r.details,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    decidedBy: r.decided_by,
    staffNote: r.staff_note,
    evidence: r.evidence,
    restoredAt: r.restored_at?.toISOString() ?? null,
  };
}

async function lockReport(em: EntityManager, id: string): Promise<StaffReportRow> {
  const notFound = AppError.notFound('No content report has this id.');
  const row = await contentReport(em, id.toLowerCase(), { forUpdate: true });
  if (!row) throw notFound;
  return row;
}

async function reread(em: EntityManager, id: string): Promise<StaffReport> {
  const row = await contentReport(em, id);
  return toStaffReport(row!);
}

/**
 * Removal spans two services: the content's owner (jobs, identity or applications) takes it down,
 * then admin records the decision. Both happen while admin holds the report's row lock; if admin's
 * own commit fails after the owner changed the content, the change is undone (the owner's call is
 * idempotent), so a 503 leaves nothing half-done.
 */
@Injectable()
export class ContentModeration {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async apply<T>(
    reportId: string,
    ctx: HandlerContext,
    plan: (report: StaffReportRow) => { removed: boolean } | null,
    record: (em: EntityManager, report: StaffReportRow, content: RemovalResult | null) => Promise<T>,
  ): Promise<T> {
    let changed: { kind: StaffReport['kind']; itemId: string; removed: boolean } | undefined;
    try {
      return await this.uow.run(async (em) => {
        const report = await lockReport(em, reportId);
        const change = plan(report);
        let content: RemovalResult | null = null;
        if (change) {
          // Set before the call: a timeout may still have applied it, and undoing is harmless if not.
          changed = { kind: report.kind, itemId: report.item_id, removed: change.removed };
          content = await setRemoved(this.bus, changed, ctx);
          if (!content.found) {
            changed = undefined;
            throw AppError.notFound(`The reported ${report.kind} no longer exists.`);
          }
        }
        return record(em, report, content);
      });
    } catch (err) {
      if (changed) {
        await setRemoved(this.bus, { ...changed, removed: !changed.removed }, ctx).catch((undo: unknown) => {
          this.logger.error({ requestId: ctx.requestId, err: undo, ...changed }, 'could not undo a moderation change after a failure');
        });
      }
      throw err;
    }
  }
}

@Injectable()
export class ListContentReportsHandler implements OperationHandler<typeof listContentReports> {
  readonly operation = listContentReports;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listContentReports>): Promise<OutputOf<typeof listContentReports>> {
    const page = await contentReportsPage(this.ds, input.status ?? 'open', input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit);
    return { reports: page.rows.map(toStaffReport), nextOffset: page.nextOffset };
  }
}

/** Decides every open report on the same item at once: the decision is about the content. */
@Injectable()
export class DecideContentReportHandler implements OperationHandler<typeof decideContentReport> {
  readonly operation = decideContentReport;

  constructor(private readonly moderation: ContentModeration) {}

  async handle({ id, action, reason }: InputOf<typeof decideContentReport>, ctx: HandlerContext): Promise<OutputOf<typeof decideContentReport>> {
    const caller = callerOf(ctx);
    return this.moderation.apply(
      id,
      ctx,
      (report) => {
        if (report.status !== 'open') throw AppError.conflict(`This report was already decided (${report.status}).`);
        return action === 'remove' ? { removed: true } : null;
      },
      async (em, report, content) => {
        const status = action === 'remove' ? 'removed' : 'dismissed';
        await decideOpenReports(em, report, {
          status,
          decided_by: caller.memberId,
          staff_note: reason,
          evidence: content?.evidence ?? null,
        });
        await appendAudit(em, { actorId: caller.memberId, action, targetKind: report.kind, targetId: report.item_id, reportId: report.id, reason });
        if (content?.ownerId) {
          await recordEvent(em, contentModeratedV1, { kind: report.kind, itemId: report.item_id, ownerId: content.ownerId, action: 'removed', reason });
        }
        return reread(em, report.id);
      },
    );
  }
}

/** Puts removed content back after an appeal; the reports on it then read dismissed. */
@Injectable()
export class RestoreContentHandler implements OperationHandler<typeof restoreContent> {
  readonly operation = restoreContent;

  constructor(private readonly moderation: ContentModeration) {}

  async handle({ id, reason }: InputOf<typeof restoreContent>, ctx: HandlerContext): Promise<OutputOf<typeof restoreContent>> {
    const caller = callerOf(ctx);
    return this.moderation.apply(
      id,
      ctx,
      (report) => {
        if (report.status !== 'removed') throw AppError.conflict('Only removed content can be restored; this report is ' + report.status + '.');
        return { removed: false };
      },
      async (em, report, content) => {
        await restoreRemovedReports(em, report, caller.memberId, reason);
        await appendAudit(em, { actorId: caller.memberId, action: 'restore', targetKind: report.kind, targetId: report.item_id, reportId: report.id, reason });
        if (content?.ownerId) {
          await recordEvent(em, contentModeratedV1, { kind: report.kind, itemId: report.item_id, ownerId: content.ownerId, action: 'restored', reason });
        }
        return reread(em, report.id);
      },
    );
  }
}
