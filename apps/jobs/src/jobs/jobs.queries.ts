import type { DataSource, EntityManager } from 'typeorm';
import { AppError, isUuid } from '@marketplace/contracts';
import { JOB_COLUMNS, JOB_FROM, type JobRow } from './job.mapper.js';

/** A job as the public may see it: open, or completed; never hidden by staff; never past closing. */
export const PUBLICLY_READABLE = `NOT j.safety_hidden AND (
  (j.status = 'open' AND (j.closes_at IS NULL OR j.closes_at > now())) OR j.status = 'completed')`;

export async function findJobRow(db: DataSource | EntityManager, id: string): Promise<JobRow | undefined> {
  const rows: JobRow[] = await db.query(`SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE j.id = $1`, [id]);
  return rows[0];
}

/** Job ids are UUIDs; anything else cannot name a job, so it is a 404 without a query. */
export const isJobId = isUuid;

/** Open and taking applications: the board, search, versions and comments on open jobs. */
export const OPEN_AND_LIVE = `j.status = 'open' AND NOT j.safety_hidden AND (j.closes_at IS NULL OR j.closes_at > now())`;

/** An open job whose closing time passed reads as closed even before the sweep closes it. */
export function isExpired(row: Pick<JobRow, 'status' | 'closes_at'>, now = new Date()): boolean {
  return row.status === 'open' && row.closes_at !== null && new Date(row.closes_at) <= now;
}

/**
 * A job whose time ran out: open past its closing time (the sweep has not closed it yet), or closed
 * by the sweep, which closes a job only once its closing time has passed. A poster's close is
 * refused by then, so a job closed before its closing time was closed by someone's decision.
 */
export const EXPIRED = `((j.status = 'open' AND j.closes_at <= now()) OR (j.status = 'closed' AND j.closed_at >= j.closes_at))`;

/** As its poster sees it: a job past its closing time reads as closed, as it does everywhere else. */
export function asSeenByPoster<R extends JobRow>(row: R): R {
  return isExpired(row) ? { ...row, status: 'closed' } : row;
}

/** The caller's own job, locked for a change. Closed, expired or someone else's: not found. */
export async function lockOwnJob(em: EntityManager, id: string, memberId: string): Promise<JobRow> {
  const notFound = new AppError(404, 'You have no open job with this id.');
  if (!isJobId(id)) throw notFound;
  await em.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE', [id]);
  const row = await findJobRow(em, id);
  if (!row || row.poster_id !== memberId || row.status === 'closed' || isExpired(row)) throw notFound;
  return row;
}
