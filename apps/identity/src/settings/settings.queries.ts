import { affected, type Db, first, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** Every saved override (jsonb values, as parsed). */
export function savedSettings(on: Db) {
  return rows(on, db.selectFrom('settings').select(['key', 'value', 'updated_at']));
}

/** Saves one override. */
export function saveSetting(on: Db, key: string, value: boolean | number): Promise<number> {
  return affected(
    on,
    db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: sql<Date>`now()` }))),
  );
}

/** Forgets one override (the environment's default applies again). */
export function deleteSetting(on: Db, key: string): Promise<number> {
  return affected(on, db.deleteFrom('settings').where('key', '=', key));
}

/** Records now as when invite-only took effect, unless already recorded; answers the recorded moment (a JSON timestamp). */
export async function recordInviteOnlySince(on: Db): Promise<string | undefined> {
  const row = await first(
    on,
    db
      .insertInto('settings')
      .values({ key: 'invite_only_since', value: sql<string>`to_jsonb(now())` })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`settings.value` }))
      .returning('value')
      .$narrowType<{ value: string }>(),
  );
  return row?.value;
}
