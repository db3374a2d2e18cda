import { type Db, first, type Insertable, type Page, pageOf, rows, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/** The columns a reporter may see: never decided_by, staff_note or evidence. */
const REPORTER_COLUMNS = ['id', 'kind', 'item_id', 'reason', 'details', 'status', 'created_at', 'decided_at'] as const;

export type ReportRow = {
  id: string;
  kind: string;
  item_id: string;
  reason: string;
  details: string | null;
  status: string;
  created_at: Date;
  decided_at: Date | null;
};

/**
 * A new open report, unless the reporter already has an open one on the item (the partial unique
 * index content_reports_one_open); returns it as the reporter sees it when written.
 */
export function insertOpenReport(
  on: Db,
  report: { id: string; reporter_id: string; via: string; kind: string; item_id: string; reason: string; details: string | null },
): Promise<ReportRow | undefined> {
  return first(
    on,
    db
      .insertInto('content_reports')
      .values({ ...report, status: 'open', created_at: sql<Date>`now()` })
      .onConflict((oc) => oc.columns(['reporter_id', 'kind', 'item_id']).where('status', '=', sql.lit('open')).doNothing())
      .returning(REPORTER_COLUMNS),
  );
}

/** One page of the reporter's reports, newest first, in one status or all (`status` null). */
export async function myReportsPage(on: Db, reporterId: string, status: string | null, offset: number, limit: number): Promise<Page<ReportRow>> {
  const found = await rows(
    on,
    db
      .selectFrom('content_reports')
      .select(REPORTER_COLUMNS)
      .where('reporter_id', '=', reporterId)
      .where(sql<boolean>`(${status}::text IS NULL OR status = ${status})`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit + 1),
  );
  return pageOf(found, offset, limit);
}

export async function insertHelpRequest(on: Db, row: Insertable<DB['help_requests']>): Promise<void> {
  await rows(on, db.insertInto('help_requests').values(row));
}

export async function insertProblemReport(on: Db, row: Insertable<DB['problem_reports']>): Promise<void> {
  await rows(on, db.insertInto('problem_reports').values(row));
}

export async function insertFeatureRequest(on: Db, row: Insertable<DB['feature_requests']>): Promise<void> {
  await rows(on, db.insertInto('feature_requests').values(row));
}
