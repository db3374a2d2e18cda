import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { contactOf, contactsOf, membersByReference } from './lookup.queries.js';

/** Medium: the look-ups other services ask of identity, against a real identity schema. */
describe('lookup.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_lookup_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async (name: string, opts: { verified?: boolean; deleted?: boolean } = {}) => {
    const id = randomUUID();
    await db.query(`INSERT INTO members (id, email, name, email_verified_at, deleted_at) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      `${id}@example.test`,
      name,
      opts.verified ? new Date() : null,
      opts.deleted ? new Date() : null,
    ]);
    return id;
  };

  it('answers contacts of live accounts and resolves references by id, email and name', async () => {
    const verified = await member('Ada', { verified: true });
    const unverified = await member('Bo');
    const deleted = await member('Cy', { deleted: true });
    const twin1 = await member('Twin');
    const twin2 = await member('Twin');

    expect(await contactOf(db.ds, verified)).toEqual({ email: `${verified}@example.test`, name: 'Ada', verified: true });
    expect(await contactOf(db.ds, unverified)).toEqual({ email: `${unverified}@example.test`, name: 'Bo', verified: false });
    expect(await contactOf(db.ds, deleted)).toBeUndefined();

    expect(await contactsOf(db.ds, [])).toEqual([]);
    const contacts = await contactsOf(db.ds, [verified, unverified, deleted]);
    expect(contacts.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { id: verified, name: 'Ada', email: `${verified}@example.test` },
      { id: unverified, name: 'Bo', email: `${unverified}@example.test` },
    ]);

    const found = await membersByReference(db.ds, [verified], [`${unverified}@example.test`], ['Twin', 'Nobody']);
    expect(found.map((r) => r.id).sort()).toEqual([verified, unverified, twin1, twin2].sort());
    expect(found.find((r) => r.id === verified)).toEqual({ id: verified, email: `${verified}@example.test`, name: 'Ada' });
    expect(await membersByReference(db.ds, [], [], [])).toEqual([]);
  });
});
