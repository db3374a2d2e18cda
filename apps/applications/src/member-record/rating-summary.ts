import type { DataSource, EntityManager } from 'typeorm';
import type { RatingSummary } from '@marketplace/contracts';

/** Average (one decimal) and count of each member's public ratings: those on completed hires. */
export async function ratingSummaries(db: DataSource | EntityManager, memberIds: string[]): Promise<Map<string, RatingSummary>> {
  const out = new Map<string, RatingSummary>(memberIds.map((id) => [id, null]));
  if (!memberIds.length) return out;
  const rows = (await db.query(
    `SELECT r.ratee_id, avg(r.score)::float AS average, count(*)::int AS count
     FROM ratings r JOIN hires h ON h.id = r.hire_id
     WHERE r.ratee_id = ANY($1::uuid[]) AND h.status = 'completed' GROUP BY r.ratee_id`,
    [memberIds],
  )) as { ratee_id: string; average: number; count: number }[];
  for (const r of rows) out.set(r.ratee_id, { average: Math.round(r.average * 10) / 10, count: r.count });
  return out;
}

/** Accepted applications per member ("jobs hired for"). */
export async function completedJobCounts(db: DataSource | EntityManager, memberIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(memberIds.map((id) => [id, 0]));
  if (!memberIds.length) return out;
  const rows = (await db.query(
    `SELECT applicant_id, count(*)::int AS n FROM applications WHERE applicant_id = ANY($1::uuid[]) AND status = 'accepted' GROUP BY applicant_id`,
    [memberIds],
  )) as { applicant_id: string; n: number }[];
  for (const r of rows) out.set(r.applicant_id, r.n);
  return out;
}
