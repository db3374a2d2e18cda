import { kitSql } from '../database/kit-sql.js';
import { affected, type Db, first, rows, sql } from '../database/typed-query.js';

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

/** The oldest unpublished rows, locked for the caller's transaction; rows another relay holds are skipped. */
export function lockUnpublished(on: Db, limit: number): Promise<{ id: string; subject: string; envelope: unknown }[]> {
  return rows(
    on,
    kitSql
      .selectFrom('outbox_events')
      .select(['id', 'subject', 'envelope'])
      .where('published_at', 'is', null)
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked(),
  );
}

/** Marks rows published; one statement text whatever their number. */
export function markPublished(on: Db, ids: readonly string[]): Promise<number> {
  return affected(
    on,
    kitSql
      .updateTable('outbox_events')
      .set({ published_at: sql<Date>`now()` })
      .where(sql<boolean>`id = any(${ids}::uuid[])`),
  );
}

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
  await affected(on, kitSql.insertInto('outbox_events').values({ id: event.id, subject: event.subject, envelope: JSON.stringify(event.envelope) }));
}
