import type { DataSource, EntityManager } from 'typeorm';
import { JOB_COLUMNS, JOB_FROM, type JobRow } from './job.mapper.js';

/** A job as the public may see it: open, or completed; never hidden by staff; never past closing. */
export const PUBLICLY_READABLE = `NOT j.safety_hidden AND (
  (j.status = 'open' AND (j.closes_at IS NULL OR j.closes_at > now())) OR j.status = 'completed')`;

export async function findJobRow(db: DataSource | EntityManager, id: string): Promise<JobRow | undefined> {
  const rows: JobRow[] = await db.query(`SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE j.id = $1`, [id]);
  return rows[0];
}

/** Job ids are UUIDs; anything else cannot name a job, so it is a 404 without a query. */
export function isJobId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
