import { kitSql } from '../database/kit-sql.js';
import { affected, boundStatement, type Db, first, rows, sql } from '../database/typed-query.js';

/** How many outbox rows wait to be published, and for how many seconds the oldest has. */
export async function outboxBacklog(on: Db): Promise<{ pending: number; oldest: number }> {
  const row = await first(
    on,
    kitSql
      .selectFrom('outbox_events')
      .select([sql<number>`count(*)::int`.as('pending'), sql<number>`coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8`.as('oldest')])
      .where('published_at', 'is', null),
  );
  return { pending: row?.pending ?? 0, oldest: row?.oldest ?? 0 };
}

/**
 * Whether any row waits to be published: the poll's pass asks this on the pool first, so an idle
 * service pays one statement a poll rather than a transaction of three (BEGIN, an empty claim, COMMIT).
 */
export async function anyUnpublished(on: Db, except: readonly string[] = []): Promise<boolean> {
  const row = await first(on, waitingStatement({ except }));
  return row?.waiting === true;
}

const waitingStatement = boundStatement((v: { except: readonly string[] }) =>
  kitSql.selectNoFrom((eb) => eb.exists(unpublished(v.except).select(sql.lit(1).as('one'))).as('waiting')),
);

/** The rows still to publish, but for `except` (what the caller is publishing itself). */
function unpublished(except: readonly string[]) {
  return kitSql
    .selectFrom('outbox_events')
    .where('published_at', 'is', null)
    .where(sql<boolean>`id <> all(${except}::uuid[])`);
}

/**
 * Claims the oldest unpublished rows for the caller's transaction: marked published and locked in
 * one statement, so a relay's pass is BEGIN, this, its publishes and COMMIT. A pass whose publishes
 * fail rolls back, and the rows are unpublished again. Rows another relay holds are skipped, and so
 * are `except` (what the caller is publishing itself). Oldest first, as they were written.
 */
export async function claimUnpublished(on: Db, limit: number, except: readonly string[] = []): Promise<{ id: string; subject: string; envelope: unknown }[]> {
  const claimed = await rows(on, claimStatement({ limit, except }));
  // RETURNING keeps no order: the stream gets them in the order they were written.
  return claimed.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map(({ id, subject, envelope }) => ({ id, subject, envelope }));
}

const claimStatement = boundStatement((v: { limit: number; except: readonly string[] }) =>
  kitSql
    .updateTable('outbox_events')
    .set({ published_at: sql<Date>`now()` })
    .where('id', 'in', unpublished(v.except).select('id').orderBy('created_at').limit(v.limit).forUpdate().skipLocked())
    .returning(['id', 'subject', 'envelope', 'created_at']),
);

/**
 * Marks rows published after their publish was acknowledged, outside any transaction. A row a poll
 * pass claimed meanwhile waits for that pass's row lock and is then left as the pass marked it.
 */
export function markPublished(on: Db, ids: readonly string[]): Promise<number> {
  return affected(on, markStatement({ ids }));
}

const markStatement = boundStatement((v: { ids: readonly string[] }) =>
  kitSql
    .updateTable('outbox_events')
    .set({ published_at: sql<Date>`now()` })
    .where(sql<boolean>`id = any(${v.ids}::uuid[])`)
    .where('published_at', 'is', null),
);

/** The outbox rows of these ids still kept; one statement text whatever their number. */
export function outboxEventsByIds(on: Db, ids: readonly string[]): Promise<{ id: string; subject: string; envelope: unknown }[]> {
  return rows(
    on,
    kitSql
      .selectFrom('outbox_events')
      .select(['id', 'subject', 'envelope'])
      .where(sql<boolean>`id = any(${ids}::uuid[])`),
  );
}

/** An event entered into the outbox, in the transaction of the change it announces. */
export async function insertOutboxEvent(on: Db, event: { id: string; subject: string; envelope: unknown }): Promise<void> {
  await affected(on, insertStatement({ id: event.id, subject: event.subject, envelope: JSON.stringify(event.envelope) }));
}

const insertStatement = boundStatement((v: { id: string; subject: string; envelope: string }) =>
  kitSql.insertInto('outbox_events').values({ id: v.id, subject: v.subject, envelope: v.envelope }),
);

/**
 * Events entered into the outbox together, in one statement whatever their number (one text, so
 * one prepared statement): a transaction that records several pays one round trip for them.
 */
export async function insertOutboxEvents(on: Db, events: readonly { id: string; subject: string; envelope: unknown }[]): Promise<void> {
  if (events.length === 1) return insertOutboxEvent(on, events[0]!);
  await affected(
    on,
    insertManyStatement({
      ids: events.map((e) => e.id),
      subjects: events.map((e) => e.subject),
      envelopes: events.map((e) => JSON.stringify(e.envelope)),
    }),
  );
}

const insertManyStatement = boundStatement((v: { ids: readonly string[]; subjects: readonly string[]; envelopes: readonly string[] }) =>
  kitSql
    .insertInto('outbox_events')
    .columns(['id', 'subject', 'envelope'])
    .expression(
      kitSql
        .selectFrom(
          sql<{ id: string; subject: string; envelope: string }>`unnest(${v.ids}::uuid[], ${v.subjects}::text[], ${v.envelopes}::jsonb[])`.as<'e'>(
            sql`e(id, subject, envelope)`,
          ),
        )
        .select(['e.id', 'e.subject', 'e.envelope']),
    ),
);
