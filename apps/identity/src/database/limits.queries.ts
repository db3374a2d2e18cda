import { sql, type Expression } from '@marketplace/service-kit';

/**
 * The kit's counted attempt (counterAttemptSql) in parts for the builder, for a hot path that
 * counts in a CTE beside its own look-up:
 * `insertInto('limit_attempts').columns(COUNTER_COLUMNS).expression((eb) => eb.selectFrom(<cte>).select(counterValues(...)))
 * .onConflict((oc) => oc.columns(COUNTER_KEY).doUpdateSet({ count: COUNTER_INCREMENT })).returning(COUNTER_RETURNING)`.
 * The upsert's row lock makes concurrent counts exact; it returns `count` and `reset` (seconds
 * left). Its text does not vary with the arguments, so it stays one prepared statement.
 */
export const COUNTER_COLUMNS = ['bucket', 'subject', 'at', 'count', 'expires_at'] as const;
export const COUNTER_KEY = ['bucket', 'subject', 'at'] as const;
/** A second attempt in the same window adds one to its row. */
export const COUNTER_INCREMENT = sql<number>`limit_attempts.count + 1`;
/** What the counter answers: the attempts in this window, and the seconds until it ends. */
export const COUNTER_RETURNING = ['count', sql<number>`extract(epoch FROM expires_at - statement_timestamp())::float8`.as('reset')] as const;

/** The values counted: the bucket, the subject (an expression over the CTE) and the clock window. */
export function counterValues(bucket: string, subject: Expression<unknown>, seconds: number) {
  const start = sql<Date>`to_timestamp(floor(extract(epoch FROM statement_timestamp()) / ${seconds}::int) * ${seconds}::int)`;
  return [
    sql<string>`${bucket}::text`.as('bucket'),
    sql<string>`${subject}::text`.as('subject'),
    start.as('at'),
    sql<number>`1`.as('count'),
    sql<Date>`${start} + make_interval(secs => ${seconds}::int)`.as('expires_at'),
  ] as const;
}
