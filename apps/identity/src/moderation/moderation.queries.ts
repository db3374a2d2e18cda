import { affected, type Db, first, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** What a suspension shows of the member. */
const COLUMNS = ['id', 'name', 'suspended_at', 'suspension_reason', 'suspended_by'] as const;

/** A live member's suspension state, locked for the rest of the transaction. */
export function lockSuspension(on: Db, id: string) {
  return first(on, db.selectFrom('members').select(COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).forUpdate());
}

export type SuspensionRow = NonNullable<Awaited<ReturnType<typeof lockSuspension>>>;

/** Suspends the member from now, for this reason, by this staff member; answers the state after. */
export async function suspend(on: Db, id: string, reason: string, staffId: string): Promise<SuspensionRow | undefined> {
  return first(
    on,
    db
      .updateTable('members')
      .set({ suspended_at: sql<Date>`now()`, suspension_reason: reason, suspended_by: staffId })
      .where('id', '=', id)
      .returning(COLUMNS),
  );
}

export function liftSuspensionOf(on: Db, id: string): Promise<number> {
  return affected(on, db.updateTable('members').set({ suspended_at: null, suspension_reason: null, suspended_by: null }).where('id', '=', id));
}

/** One page (one row more than asked) of live suspended members, most recent first. */
export function suspensionsPage(on: Db, offset: number, limit: number): Promise<SuspensionRow[]> {
  return rows(
    on,
    db
      .selectFrom('members')
      .select(COLUMNS)
      .where('suspended_at', 'is not', null)
      .where('deleted_at', 'is', null)
      .orderBy('suspended_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit + 1),
  );
}
