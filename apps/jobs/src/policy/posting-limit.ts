import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError } from '@marketplace/contracts';
import { safetyPolicy } from './safety-policy.js';

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return (next - now.getTime()) / 1000;
}

/**
 * Counts one valid posting attempt against the member's limits, inside the caller's transaction.
 * An advisory lock per member serialises concurrent posts, so the limit cannot be raced.
 */
export async function countPostingAttempt(em: EntityManager, memberId: string, kind = 'job_post'): Promise<void> {
  const { perDay, perMinute } = safetyPolicy().jobPosts;
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`attempts:${kind}:${memberId}`]);
  const [row] = (await em.query(
    `SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today,
            count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS minute,
            min(created_at) FILTER (WHERE created_at > now() - interval '1 minute') AS oldest
     FROM submission_attempts
     WHERE member_id = $1 AND kind = $2 AND created_at >= now() - interval '1 day'`,
    [memberId, kind],
  )) as { today: number; minute: number; oldest: Date | null }[];
  const now = new Date();
  if ((row?.today ?? 0) >= perDay) {
    throw AppError.tooMany(`You can post ${perDay} jobs per UTC day. Try again tomorrow (UTC).`, secondsUntilNextUtcDay(now));
  }
  if ((row?.minute ?? 0) >= perMinute) {
    const wait = row?.oldest ? 60 - (now.getTime() - new Date(row.oldest).getTime()) / 1000 : 60;
    throw AppError.tooMany(`You can post ${perMinute} jobs per minute. Wait a moment and try again.`, wait);
  }
  await em.query('INSERT INTO submission_attempts (id, member_id, kind) VALUES ($1, $2, $3)', [randomUUID(), memberId, kind]);
}
