import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError } from '@marketplace/contracts';

/**
 * Counts one attempt in a sliding window, inside the caller's transaction; an advisory lock per
 * bucket and subject keeps concurrent attempts from racing past the limit.
 */
export async function countAttempt(
  em: EntityManager, bucket: string, subject: string, limit: number, windowSeconds: number, message: string,
): Promise<void> {
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rate:${bucket}:${subject}`]);
  const [row] = (await em.query(
    `SELECT count(*)::int AS n, min(created_at) AS oldest FROM rate_hits
     WHERE bucket = $1 AND subject = $2 AND created_at > now() - make_interval(secs => $3)`,
    [bucket, subject, windowSeconds],
  )) as { n: number; oldest: Date | null }[];
  if ((row?.n ?? 0) >= limit) {
    const wait = row?.oldest ? windowSeconds - (Date.now() - new Date(row.oldest).getTime()) / 1000 : windowSeconds;
    throw AppError.tooMany(message, wait);
  }
  await em.query('INSERT INTO rate_hits (id, bucket, subject) VALUES ($1, $2, $3)', [randomUUID(), bucket, subject]);
  if (Math.random() < 0.01) await em.query(`DELETE FROM rate_hits WHERE created_at < now() - interval '1 day'`);
}

export function intEnv(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isInteger(v) && v > 0 ? v : fallback;
}
