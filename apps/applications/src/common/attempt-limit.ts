import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError } from '@marketplace/contracts';

function intEnv(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
}

/** Contract defaults (50 per UTC day, 5 per minute) unless the deployment sets its own. */
export function applicationLimits(): { perDay: number; perMinute: number } {
  return { perDay: intEnv('APPLICATIONS_PER_DAY', 50), perMinute: intEnv('APPLICATIONS_PER_MINUTE', 5) };
}

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return (next - now.getTime()) / 1000;
}

/**
 * Counts one valid application attempt inside the caller's transaction. An advisory lock per
 * member serialises concurrent attempts, so the limit cannot be raced across replicas.
 */
export async function countApplicationAttempt(em: EntityManager, memberId: string): Promise<void> {
  const { perDay, perMinute } = applicationLimits();
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`attempts:apply:${memberId}`]);
  const [row] = (await em.query(
    `SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today,
            count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS minute,
            min(created_at) FILTER (WHERE created_at > now() - interval '1 minute') AS oldest
     FROM attempts WHERE member_id = $1 AND kind = 'apply' AND created_at >= now() - interval '1 day'`,
    [memberId],
  )) as { today: number; minute: number; oldest: Date | null }[];
  const now = new Date();
  if ((row?.today ?? 0) >= perDay) {
    throw AppError.tooMany(`You can apply ${perDay} times per UTC day. Try again tomorrow (UTC).`, secondsUntilNextUtcDay(now));
  }
  if ((row?.minute ?? 0) >= perMinute) {
    const wait = row?.oldest ? 60 - (now.getTime() - new Date(row.oldest).getTime()) / 1000 : 60;
    throw AppError.tooMany(`You can apply ${perMinute} times per minute. Wait a moment and try again.`, wait);
  }
  await em.query(`INSERT INTO attempts (id, member_id, kind) VALUES ($1, $2, 'apply')`, [randomUUID(), memberId]);
}
