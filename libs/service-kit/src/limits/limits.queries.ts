import { kitSql } from '../database/kit-sql.js';
import { advisoryXactLock, affected, first, sql, type Db } from '../database/typed-query.js';
import type { LimitWindow } from './limit-bucket.js';

export interface CounterRow { count: number; reset: number }

/**
 * The one statement that counts an attempt in a counter bucket, as SQL text. The placeholders are
 * SQL expressions, so a caller on a hot path can put it in a CTE next to its own query (`from`
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

/** The same count as counterAttemptSql, built and run as one typed statement. */
export async function countInCounter(on: Db, bucket: string, subject: string, seconds: number): Promise<CounterRow> {
  const start = sql<Date>`to_timestamp(floor(extract(epoch FROM statement_timestamp()) / ${seconds}::int) * ${seconds}::int)`;
  const row = await first(on, kitSql.insertInto('limit_attempts')
    .columns(['bucket', 'subject', 'at', 'count', 'expires_at'])
    .expression(kitSql.selectNoFrom([
      sql<string>`${bucket}::text`.as('bucket'), sql<string>`${subject}::text`.as('subject'), start.as('at'), sql<number>`1`.as('count'),
      sql<Date>`${start} + make_interval(secs => ${seconds}::int)`.as('expires_at'),
    ]))
    .onConflict((oc) => oc.columns(['bucket', 'subject', 'at']).doUpdateSet({ count: (eb) => eb('limit_attempts.count', '+', 1) }))
    .returning(['count', sql<number>`extract(epoch FROM expires_at - statement_timestamp())::float8`.as('reset')]));
  return row!;
}

/**
 * Serialises attempts of one subject in one bucket until the caller's transaction ends, on every
 * replica; the two-key form keeps these locks apart from the single-key ones used elsewhere.
 */
export async function lockAttempts(on: Db, bucket: string, subject: string): Promise<void> {
  await advisoryXactLock(on, bucket, subject);
}

/**
 * Per window `i` of a log bucket: attempts in the window (`n<i>`) and seconds until it admits
 * another (`r<i>`). A sliding window frees a place when its oldest attempt leaves; a fixed one
 * when the period ends. Only attempts within the longest window are read.
 */
export async function windowCounts(
  on: Db, bucket: string, subject: string, longestSeconds: number, windows: readonly LimitWindow[],
): Promise<Record<string, number | null> | undefined> {
  const columns = windows.flatMap((w, i) => {
    const span = sql`make_interval(secs => ${w.seconds}::int)`;
    if (w.kind === 'sliding') {
      const inWindow = sql`at > statement_timestamp() - ${span}`;
      return [
        sql<number>`coalesce(sum(count) FILTER (WHERE ${inWindow}), 0)::int`.as(`n${i}`),
        sql<number | null>`extract(epoch FROM min(at) FILTER (WHERE ${inWindow}) + ${span} - statement_timestamp())::float8`.as(`r${i}`),
      ];
    }
    const start = sql`to_timestamp(floor(extract(epoch FROM statement_timestamp()) / ${w.seconds}::int) * ${w.seconds}::int)`;
    return [
      sql<number>`coalesce(sum(count) FILTER (WHERE at >= ${start}), 0)::int`.as(`n${i}`),
      sql<number | null>`extract(epoch FROM ${start} + ${span} - statement_timestamp())::float8`.as(`r${i}`),
    ];
  });
  return first(on, kitSql.selectFrom('limit_attempts').select(columns)
    .where('bucket', '=', bucket).where('subject', '=', subject)
    .where('at', '>', sql<Date>`statement_timestamp() - make_interval(secs => ${longestSeconds}::int)`));
}

/** One attempt in a log bucket, kept as long as its longest window can see it. */
export function logAttempt(on: Db, bucket: string, subject: string, longestSeconds: number): Promise<number> {
  return affected(on, kitSql.insertInto('limit_attempts').values({
    bucket, subject, at: sql<Date>`statement_timestamp()`, count: 1,
    expires_at: sql<Date>`statement_timestamp() + make_interval(secs => ${longestSeconds}::int)`,
  }).onConflict((oc) => oc.columns(['bucket', 'subject', 'at']).doUpdateSet({ count: (eb) => eb('limit_attempts.count', '+', 1) })));
}

/** Forgets the subjects' attempts, composite subjects that start with one of them (`<subject>:…`) included. */
export function deleteAttemptsOf(on: Db, subjects: readonly string[]): Promise<number> {
  return affected(on, kitSql.deleteFrom('limit_attempts')
    .where(sql<boolean>`subject = any(${subjects}::text[]) OR split_part(subject, ':', 1) = any(${subjects}::text[])`));
}
