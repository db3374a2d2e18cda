import { AppError } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';

import type { Db } from '../database/typed-query.js';
import { type CounterBucket, type LimitBucket, type LimitWindow, type LogBucket, longestWindowSeconds } from './limit-bucket.js';
import { type CounterRow, countInCounter, deleteAttemptsOf, lockAttempts, logAttemptIfRoom } from './limits.queries.js';

export { COUNTER_COLUMNS, COUNTER_INCREMENT, COUNTER_KEY, COUNTER_RETURNING, type CounterRow, counterValues } from './limits.queries.js';

/**
 * Counts one attempt by `subject` against `bucket`, or throws 429 with the message and
 * Retry-After of the window that refuses it. Counts live in PostgreSQL (the service's own
 * `limit_attempts`), so a limit holds across every replica.
 *
 * Inside a transaction the attempt commits or rolls back with the caller's work; given a
 * DataSource or a manager outside one, a log bucket counts in a transaction of its own.
 */
export async function countAttempt(db: Db, bucket: LimitBucket, subject: string): Promise<void> {
  if (bucket.counting === 'counter') {
    enforceCounter(bucket, await countInCounter(db, bucket.name, subject, bucket.window.seconds));
    return;
  }
  if ('queryRunner' in db && db.queryRunner?.isTransactionActive) return countLogged(db, bucket, subject);
  await db.transaction((em) => countLogged(em, bucket, subject));
}

/** What is left of a counter bucket's window after this attempt (the RateLimit headers' figures). */
export function budgetOf(
  bucket: CounterBucket,
  row: CounterRow,
): { policy: string; limit: number; remaining: number; resetSeconds: number; windowSeconds: number } {
  const { max, seconds } = bucket.window;
  return {
    policy: bucket.name,
    limit: max,
    remaining: Math.max(0, max - Number(row.count)),
    resetSeconds: Math.max(0, Math.ceil(Number(row.reset))),
    windowSeconds: seconds,
  };
}

/** Refused requests stay counted: the window ends at a fixed time whatever they do. */
export function enforceCounter(bucket: CounterBucket, row: CounterRow): void {
  if (row.count > bucket.window.max) throw AppError.tooMany(bucket.window.message, Number(row.reset));
}

/**
 * Account deletion: forgets the subjects' attempts, including composite subjects that start
 * with one of them (`<memberId>:<hireId>`).
 */
export async function forgetAttempts(db: Db, subjects: string[]): Promise<void> {
  await deleteAttemptsOf(db, subjects);
}

async function countLogged(em: EntityManager, bucket: LogBucket, subject: string): Promise<void> {
  await lockAttempts(em, bucket.name, subject);
  // Counted and, when every window has room, logged in one statement; refused attempts do not count.
  const { counts, logged } = await logAttemptIfRoom(em, bucket.name, subject, longestWindowSeconds(bucket), bucket.windows);
  if (logged) return;

  let refusal: { window: LimitWindow; wait: number } | undefined;
  bucket.windows.forEach((window, i) => {
    if (Number(counts[`n${i}`] ?? 0) < window.max) return;
    const wait = Number(counts[`r${i}`] ?? window.seconds);
    // With several windows full, the longest wait is the one that tells the truth.
    if (!refusal || wait > refusal.wait) refusal = { window, wait };
  });
  // Not logged means a window was full: its counts name it.
  if (!refusal) throw new Error(`Limit bucket ${bucket.name}: the attempt was not logged, yet no window is full.`);
  throw AppError.tooMany(refusal.window.message, refusal.wait);
}
