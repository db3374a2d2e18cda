import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '@marketplace/contracts';
import { longestWindowSeconds, type CounterBucket, type LimitBucket, type LimitWindow, type LogBucket } from './limit-bucket.js';

type Db = EntityManager | DataSource;

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
    const [row] = (await db.query(counterAttemptSql({ bucket: '$1', subject: '$2', seconds: '$3' }),
      [bucket.name, subject, bucket.window.seconds])) as CounterRow[];
    enforceCounter(bucket, row!);
    return;
  }
  if ('queryRunner' in db && db.queryRunner?.isTransactionActive) return countLogged(db, bucket, subject);
  await db.transaction((em) => countLogged(em, bucket, subject));
}

export interface CounterRow { count: number; reset: number }

/**
 * The one statement that counts an attempt in a counter bucket. The placeholders are SQL
 * expressions, so a caller on a hot path can put it in a CTE next to its own query (`from`
 * names the CTE that supplies the subject) and still pay for one round trip. The upsert's row
 * lock is what makes concurrent counts exact. Returns `count` and `reset` (seconds left).
 */
export function counterAttemptSql(p: { bucket: string; subject: string; seconds: string; from?: string }): string {
  const start = `to_timestamp(floor(extract(epoch FROM statement_timestamp()) / ${p.seconds}::int) * ${p.seconds}::int)`;
  return `INSERT INTO limit_attempts AS a (bucket, subject, at, count, expires_at)
    SELECT ${p.bucket}::text, ${p.subject}::text, ${start}, 1, ${start} + make_interval(secs => ${p.seconds}::int)${p.from ? ` FROM ${p.from}` : ''}
    ON CONFLICT (bucket, subject, at) DO UPDATE SET count = a.count + 1
    RETURNING a.count, extract(epoch FROM a.expires_at - statement_timestamp())::float8 AS reset`;
}

/** What is left of a counter bucket's window after this attempt (the RateLimit headers' figures). */
export function budgetOf(bucket: CounterBucket, row: CounterRow): { policy: string; limit: number; remaining: number; resetSeconds: number; windowSeconds: number } {
  const { max, seconds } = bucket.window;
  return { policy: bucket.name, limit: max, remaining: Math.max(0, max - Number(row.count)), resetSeconds: Math.max(0, Math.ceil(Number(row.reset))), windowSeconds: seconds };
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
  await db.query(
    `DELETE FROM limit_attempts WHERE subject = ANY($1::text[]) OR split_part(subject, ':', 1) = ANY($1::text[])`, [subjects]);
}

async function countLogged(em: EntityManager, bucket: LogBucket, subject: string): Promise<void> {
  // Serialises attempts of one subject in one bucket until the caller commits, on every replica;
  // the two-key form keeps these locks apart from the single-key ones used elsewhere.
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [bucket.name, subject]);
  const longest = longestWindowSeconds(bucket);
  const columns = bucket.windows.map((w, i) => windowColumns(w, i, `$${i + 4}`)).join(',\n       ');
  const [row] = (await em.query(
    `SELECT ${columns}
     FROM limit_attempts
     WHERE bucket = $1 AND subject = $2 AND at > statement_timestamp() - make_interval(secs => $3::int)`,
    [bucket.name, subject, longest, ...bucket.windows.map((w) => w.seconds)],
  )) as Record<string, number | null>[];

  let refusal: { window: LimitWindow; wait: number } | undefined;
  bucket.windows.forEach((window, i) => {
    if (Number(row?.[`n${i}`] ?? 0) < window.max) return;
    const wait = Number(row?.[`r${i}`] ?? window.seconds);
    // With several windows full, the longest wait is the one that tells the truth.
    if (!refusal || wait > refusal.wait) refusal = { window, wait };
  });
  if (refusal) throw AppError.tooMany(refusal.window.message, refusal.wait);

  await em.query(
    `INSERT INTO limit_attempts AS a (bucket, subject, at, count, expires_at)
     VALUES ($1, $2, statement_timestamp(), 1, statement_timestamp() + make_interval(secs => $3::int))
     ON CONFLICT (bucket, subject, at) DO UPDATE SET count = a.count + 1`,
    [bucket.name, subject, longest],
  );
}

/**
 * Attempts in the window (`n`) and seconds until it admits another (`r`). A sliding window
 * frees a place when its oldest attempt leaves; a fixed one when the period ends.
 */
function windowColumns(w: LimitWindow, i: number, seconds: string): string {
  const span = `make_interval(secs => ${seconds}::int)`;
  if (w.kind === 'sliding') {
    const inWindow = `at > statement_timestamp() - ${span}`;
    return `coalesce(sum(count) FILTER (WHERE ${inWindow}), 0)::int AS n${i}, `
      + `extract(epoch FROM min(at) FILTER (WHERE ${inWindow}) + ${span} - statement_timestamp())::float8 AS r${i}`;
  }
  const start = `to_timestamp(floor(extract(epoch FROM statement_timestamp()) / ${seconds}::int) * ${seconds}::int)`;
  return `coalesce(sum(count) FILTER (WHERE at >= ${start}), 0)::int AS n${i}, `
    + `extract(epoch FROM ${start} + ${span} - statement_timestamp())::float8 AS r${i}`;
}
