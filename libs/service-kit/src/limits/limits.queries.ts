import { kitSql } from '../database/kit-sql.js';
import { advisoryXactLock, affected, boundPerShape, boundStatement, type Db, type Expression, first, sql } from '../database/typed-query.js';
import type { LimitWindow } from './limit-bucket.js';

export interface CounterRow {
  count: number;
  reset: number;
}

/**
 * The one counted attempt in a counter bucket, in parts for the builder, so a caller on a hot path
 * can count in a CTE beside its own look-up and still pay for one round trip:
 * `insertInto('limit_attempts').columns(COUNTER_COLUMNS).expression((eb) => eb.selectFrom(<cte>).select(counterValues(...)))
 * .onConflict((oc) => oc.columns(COUNTER_KEY).doUpdateSet({ count: COUNTER_INCREMENT })).returning(COUNTER_RETURNING)`.
 * The upsert's row lock is what makes concurrent counts exact; it returns `count` and `reset`
 * (seconds left). Its text does not vary with the arguments, so it stays one prepared statement.
 */
export const COUNTER_COLUMNS = ['bucket', 'subject', 'at', 'count', 'expires_at'] as const;
export const COUNTER_KEY = ['bucket', 'subject', 'at'] as const;
/** A second attempt in the same window adds one to its row. */
export const COUNTER_INCREMENT = sql<number>`limit_attempts.count + 1`;
/** What the counter answers: the attempts in this window, and the seconds until it ends. */
export const COUNTER_RETURNING = ['count', sql<number>`extract(epoch FROM expires_at - statement_timestamp())::float8`.as('reset')] as const;

/** The values counted: the bucket, the subject (a value, or an expression over the caller's CTE) and the clock window. */
export function counterValues(bucket: string, subject: Expression<unknown> | string, seconds: number) {
  const start = sql<Date>`to_timestamp(floor(extract(epoch FROM statement_timestamp()) / ${seconds}::int) * ${seconds}::int)`;
  return [
    sql<string>`${bucket}::text`.as('bucket'),
    sql<string>`${subject}::text`.as('subject'),
    start.as('at'),
    sql<number>`1`.as('count'),
    sql<Date>`${start} + make_interval(secs => ${seconds}::int)`.as('expires_at'),
  ] as const;
}

/** One attempt counted by `subject` in a counter bucket. */
export async function countInCounter(on: Db, bucket: string, subject: string, seconds: number): Promise<CounterRow> {
  const row = await first(on, counterStatement({ bucket, subject, seconds }));
  return row!;
}

const counterStatement = boundStatement((v: { bucket: string; subject: string; seconds: number }) =>
  kitSql
    .insertInto('limit_attempts')
    .columns(COUNTER_COLUMNS)
    .expression(kitSql.selectNoFrom(counterValues(v.bucket, v.subject, v.seconds)))
    .onConflict((oc) => oc.columns(COUNTER_KEY).doUpdateSet({ count: COUNTER_INCREMENT }))
    .returning(COUNTER_RETURNING),
);

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
function windowColumns(windows: readonly LimitWindow[]) {
  return windows.flatMap((w, i) => {
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
}

export type WindowCounts = Record<string, number | null>;

/** The log bucket's counts per window (`n<i>`, `r<i>`), counting nothing. */
export async function windowCounts(
  on: Db,
  bucket: string,
  subject: string,
  longestSeconds: number,
  windows: readonly LimitWindow[],
): Promise<WindowCounts | undefined> {
  return first(on, attemptsIn(bucket, subject, longestSeconds).select(windowColumns(windows)));
}

function attemptsIn(bucket: string, subject: string, longestSeconds: number) {
  return kitSql
    .selectFrom('limit_attempts')
    .where('bucket', '=', bucket)
    .where('subject', '=', subject)
    .where('at', '>', sql<Date>`statement_timestamp() - make_interval(secs => ${longestSeconds}::int)`);
}

/**
 * One attempt in a log bucket, in one round trip: the windows' counts before it (as
 * `windowCounts`) and, when every window has room, the attempt logged, kept as long as its longest
 * window can see it. `logged` says whether it was. Run under the subject's lock (`lockAttempts`),
 * taken by an earlier statement so that this one's snapshot sees every attempt committed before it.
 */
export async function logAttemptIfRoom(
  on: Db,
  bucket: string,
  subject: string,
  longestSeconds: number,
  windows: readonly LimitWindow[],
): Promise<{ counts: WindowCounts; logged: boolean }> {
  const row = await first(on, logIfRoomStatement(windows, { bucket, subject, longestSeconds }));
  const { logged, ...counts } = row as WindowCounts & { logged: boolean };
  return { counts, logged };
}

/** One text per bucket's windows (their kinds, spans and maxima are written into it); the rest is bound. */
const logIfRoomStatement = boundPerShape(
  (windows: readonly LimitWindow[], v: { bucket: string; subject: string; longestSeconds: number }) => {
    const room = sql.join(
      windows.map((w, i) => sql`${sql.ref(`c.n${i}`)} < ${w.max}::int`),
      sql` AND `,
    );
    return kitSql
      .with('c', () => attemptsIn(v.bucket, v.subject, v.longestSeconds).select(windowColumns(windows)))
      .with('logged', (db) =>
        db
          .insertInto('limit_attempts')
          .columns(COUNTER_COLUMNS)
          .expression((eb) =>
            eb
              .selectFrom('c')
              .select([
                sql<string>`${v.bucket}::text`.as('bucket'),
                sql<string>`${v.subject}::text`.as('subject'),
                sql<Date>`statement_timestamp()`.as('at'),
                sql<number>`1`.as('count'),
                sql<Date>`statement_timestamp() + make_interval(secs => ${v.longestSeconds}::int)`.as('expires_at'),
              ])
              .where(sql<boolean>`${room}`),
          )
          .onConflict((oc) => oc.columns(COUNTER_KEY).doUpdateSet({ count: COUNTER_INCREMENT }))
          .returning('count'),
      )
      .selectFrom('c')
      .selectAll('c')
      .select((eb) => eb.exists(eb.selectFrom('logged').select('logged.count')).as('logged'));
  },
  (windows) => JSON.stringify(windows.map((w) => [w.kind, w.seconds, w.max])),
  100,
);

/** One attempt in a log bucket, kept as long as its longest window can see it, whatever the counts. */
export function logAttempt(on: Db, bucket: string, subject: string, longestSeconds: number): Promise<number> {
  return affected(
    on,
    kitSql
      .insertInto('limit_attempts')
      .values({
        bucket,
        subject,
        at: sql<Date>`statement_timestamp()`,
        count: 1,
        expires_at: sql<Date>`statement_timestamp() + make_interval(secs => ${longestSeconds}::int)`,
      })
      .onConflict((oc) => oc.columns(['bucket', 'subject', 'at']).doUpdateSet({ count: (eb) => eb('limit_attempts.count', '+', 1) })),
  );
}

/** Forgets the subjects' attempts, composite subjects that start with one of them (`<subject>:…`) included. */
export function deleteAttemptsOf(on: Db, subjects: readonly string[]): Promise<number> {
  return affected(
    on,
    kitSql.deleteFrom('limit_attempts').where(sql<boolean>`subject = any(${subjects}::text[]) OR split_part(subject, ':', 1) = any(${subjects}::text[])`),
  );
}
