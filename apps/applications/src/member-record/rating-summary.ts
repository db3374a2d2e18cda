import type { RatingSummary } from '@marketplace/contracts';
import type { DataSource, EntityManager } from 'typeorm';

import { acceptedCounts, ratingAverages } from './member-record.queries.js';

/** Average (one decimal) and count of each member's public ratings: those on completed hires. */
export async function ratingSummaries(db: DataSource | EntityManager, memberIds: string[]): Promise<Map<string, RatingSummary>> {
  const out = new Map<string, RatingSummary>(memberIds.map((id) => [id, null]));
  if (!memberIds.length) return out;
  const rows = await ratingAverages(db, memberIds);
  for (const r of rows) out.set(r.ratee_id, { average: Math.round(r.average * 10) / 10, count: r.count });
  return out;
}

/** Accepted applications per member ("jobs hired for"). */
export async function completedJobCounts(db: DataSource | EntityManager, memberIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(memberIds.map((id) => [id, 0]));
  if (!memberIds.length) return out;
  const rows = await acceptedCounts(db, memberIds);
  for (const r of rows) out.set(r.applicant_id, r.n);
  return out;
}
