import type { AUDIT_ACTIONS, listContentReports, OutputOf } from '@marketplace/contracts';
import { type Db, first, type JsonObject, type Page, pageOf, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

type StaffReport = OutputOf<typeof listContentReports>['reports'][number];

/** What the schema's text and jsonb columns of a content report hold, as staff read them. */
export type StaffReportShape = {
  kind: StaffReport['kind'];
  reason: StaffReport['reason'];
  status: StaffReport['status'];
  evidence: JsonObject | null;
};
export type StaffReportRow = Omit<Selectable<DB['content_reports']>, keyof StaffReportShape> & StaffReportShape;

const reports = () => db.selectFrom('content_reports').selectAll().$narrowType<StaffReportShape>();

/** The report, or undefined; `forUpdate` locks it for the rest of the transaction. */
export function contentReport(on: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<StaffReportRow | undefined> {
  const query = reports().where('id', '=', id);
  return first(on, opts.forUpdate ? query.forUpdate() : query);
}

/** One page of the reports in a status, oldest first. */
export async function contentReportsPage(on: Db, status: string, offset: number, limit: number): Promise<Page<StaffReportRow>> {
  const found = await rows(
    on,
    reports()
      .where('status', '=', status)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit + 1),
  );
  return pageOf(found, offset, limit);
}

/** Decides every open report on the item at once; `evidence` is what the owner kept of removed content. */
export async function decideOpenReports(
  on: Db,
  item: { kind: string; item_id: string },
  decision: { status: 'removed' | 'dismissed'; decided_by: string; staff_note: string | null; evidence: Record<string, unknown> | null },
): Promise<void> {
  await rows(
    on,
    db
      .updateTable('content_reports')
      .set({
        status: decision.status,
        decided_at: sql<Date>`now()`,
        decided_by: decision.decided_by,
        staff_note: decision.staff_note,
        evidence: decision.evidence ? JSON.stringify(decision.evidence) : null,
      })
      .where('kind', '=', item.kind)
      .where('item_id', '=', item.item_id)
      .where('status', '=', 'open'),
  );
}

/** The removed item's reports read dismissed once it is restored. */
export async function restoreRemovedReports(on: Db, item: { kind: string; item_id: string }, restoredBy: string, note: string | null): Promise<void> {
  await rows(
    on,
    db
      .updateTable('content_reports')
      .set({ status: 'dismissed', restored_at: sql<Date>`now()`, restored_by: restoredBy, restore_note: note })
      .where('kind', '=', item.kind)
      .where('item_id', '=', item.item_id)
      .where('status', '=', 'removed'),
  );
}

export interface AuditRow {
  id: string;
  actor_id: string;
  action: (typeof AUDIT_ACTIONS)[number];
  target_kind: string;
  target_id: string;
  report_id: string | null;
  reason: string | null;
}

/** One entry of the audit log; an entry already there (a redelivered event) is left as it is. */
export async function insertAudit(on: Db, entry: AuditRow): Promise<void> {
  await rows(
    on,
    db
      .insertInto('staff_audit_log')
      .values(entry)
      .onConflict((oc) => oc.doNothing()),
  );
}

/** One page of the audit log, newest first. */
export async function auditLogPage(on: Db, offset: number, limit: number) {
  const found = await rows(
    on,
    db
      .selectFrom('staff_audit_log')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit + 1)
      .$narrowType<{ action: AuditRow['action'] }>(),
  );
  return pageOf(found, offset, limit);
}
