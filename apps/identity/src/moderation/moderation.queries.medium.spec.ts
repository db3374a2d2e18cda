import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { liftSuspensionOf, lockSuspension, suspend, suspensionsPage } from './moderation.queries.js';

/** Medium: the suspension statements against a real identity schema. */
describe('moderation.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_moderation_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async (name: string) => {
    const id = randomUUID();
    await db.query(`INSERT INTO members (id, email, name) VALUES ($1, $2, $3)`, [id, `${id}@example.test`, name]);
    return id;
  };

  it('locks, suspends, pages most recent first and lifts', async () => {
    const staff = await member('Staff');
    const first = await member('First');
    const second = await member('Second');
    expect(await db.ds.transaction((em) => lockSuspension(em, first))).toEqual({
      id: first,
      name: 'First',
      suspended_at: null,
      suspension_reason: null,
      suspended_by: null,
    });
    const suspended = await suspend(db.ds, first, 'spam', staff);
    expect(suspended).toMatchObject({ id: first, name: 'First', suspension_reason: 'spam', suspended_by: staff });
    expect(suspended!.suspended_at).toBeInstanceOf(Date);
    await db.query(`UPDATE members SET suspended_at = now() - interval '1 hour' WHERE id = $1`, [first]);
    await suspend(db.ds, second, 'abuse', staff);
    expect((await suspensionsPage(db.ds, 0, 1)).map((r) => r.id)).toEqual([second, first]);
    expect((await suspensionsPage(db.ds, 1, 1)).map((r) => r.id)).toEqual([first]);
    expect(await liftSuspensionOf(db.ds, second)).toBe(1);
    expect(await lockSuspension(db.ds, second)).toMatchObject({ suspended_at: null, suspension_reason: null, suspended_by: null });
    expect((await suspensionsPage(db.ds, 0, 10)).map((r) => r.id)).toEqual([first]);
    await db.query('UPDATE members SET deleted_at = now() WHERE id = $1', [first]);
    expect(await lockSuspension(db.ds, first)).toBeUndefined();
    expect(await suspensionsPage(db.ds, 0, 10)).toEqual([]);
  });
});
