import { type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/** What a notification shows of its alert. */
const COLUMNS = [
  'id',
  'kind',
  'message',
  'conversation_key',
  'conversation_kind',
  'job_id',
  'application_id',
  'comment_id',
  'title',
  'created_at',
  'read_at',
] as const;

export type NotificationRow = Pick<Selectable<DB['alerts']>, (typeof COLUMNS)[number]>;

/** All (`read` undefined), unread (false) or read (true) alerts of a member. */
function ofMember(memberId: string, read: boolean | undefined) {
  const all = db.selectFrom('alerts').where('member_id', '=', memberId);
  if (read === undefined) return all;
  return all.where('read_at', read ? 'is not' : 'is', null);
}

/**
 * How many of a member's alerts the filter keeps, and how many are unread. Unread only (the
 * header's question) counts through the partial index alerts_unread alone.
 */
export async function countNotifications(on: Db, memberId: string, read: boolean | undefined): Promise<{ total: number; unread: number }> {
  const query =
    read === false
      ? ofMember(memberId, false).select((eb) => [eb.fn.countAll().as('total'), eb.fn.countAll().as('unread')])
      : ofMember(memberId, undefined).select((eb) => [
          (read === undefined ? eb.fn.countAll() : eb.fn.countAll().filterWhere('read_at', 'is not', null)).as('total'),
          eb.fn.countAll().filterWhere('read_at', 'is', null).as('unread'),
        ]);
  const row = await first(on, query);
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** One page of a member's alerts, newest first. */
export function notificationPage(on: Db, memberId: string, read: boolean | undefined, offset: number, limit: number): Promise<NotificationRow[]> {
  return rows(on, ofMember(memberId, read).select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit));
}

/** One of a member's alerts marked read; coalesce keeps the first time, so a repeat changes nothing. */
export function markRead(on: Db, id: string, memberId: string): Promise<NotificationRow | undefined> {
  return first(
    on,
    db
      .updateTable('alerts')
      .set({ read_at: sql<Date>`coalesce(read_at, now())` })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .returning(COLUMNS),
  );
}

/**
 * Every unread alert of a member created up to `until` (now when null) marked read in one
 * statement; returns how many it marked and how many stay unread. The outer SELECT sees the rows
 * as they were before the UPDATE, so the marked ones are subtracted.
 */
export async function markAllRead(on: Db, memberId: string, until: Date | null): Promise<{ marked: number; unread: number }> {
  const row = await first(
    on,
    db
      .with('marked', (q) =>
        q
          .updateTable('alerts')
          .set({ read_at: sql<Date>`now()` })
          .where('member_id', '=', memberId)
          .where('read_at', 'is', null)
          .where('created_at', '<=', sql<Date>`coalesce(${until?.toISOString() ?? null}::timestamptz, now())`)
          .returning('id'),
      )
      .selectNoFrom((eb) => [
        eb.selectFrom('marked').select(eb.fn.countAll().as('n')).$asScalar().as('marked'),
        eb.selectFrom('alerts').select(eb.fn.countAll().as('n')).where('member_id', '=', memberId).where('read_at', 'is', null).$asScalar().as('before'),
      ]),
  );
  const marked = Number(row?.marked ?? 0);
  return { marked, unread: Number(row?.before ?? 0) - marked };
}
