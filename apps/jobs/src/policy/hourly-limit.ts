import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError } from '@marketplace/contracts';

/**
 * Counts one attempt against a per-hour limit inside the caller's transaction; an advisory lock
 * per member and kind keeps concurrent attempts from racing past it.
 */
export async function countHourlyAttempt(
  em: EntityManager, memberId: string, kind: string, perHour: number, what: string,
): Promise<void> {
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`attempts:${kind}:${memberId}`]);
  const [row] = (await em.query(
    `SELECT count(*)::int AS n, min(created_at) AS oldest FROM submission_attempts
     WHERE member_id = $1 AND kind = $2 AND created_at > now() - interval '1 hour'`,
    [memberId, kind],
  )) as { n: number; oldest: Date | null }[];
  if ((row?.n ?? 0) >= perHour) {
    const wait = row?.oldest ? 3600 - (Date.now() - new Date(row.oldest).getTime()) / 1000 : 3600;
    throw AppError.tooMany(`You can write ${perHour} ${what} per hour. Try again later.`, wait);
  }
  await em.query('INSERT INTO submission_attempts (id, member_id, kind) VALUES ($1, $2, $3)', [randomUUID(), memberId, kind]);
}
