import { randomBytes, randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { insertMember } from '../members/members.queries.js';
import { authenticateKey, insertKey, insertKeyWithin, liveKeysOf, revokeKey, revokeKeysOf, touchKey } from './keys.queries.js';

/** Medium: the API key statements against a real identity schema, the hot path's counted look-up included. */
describe('keys.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_keys_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async (id = randomUUID()) => (await insertMember(db.ds, { id, email: `${id}@example.test`, name: 'Ada', email_verified_at: new Date() })).id;
  const key = (memberId: string, name = 'k') => ({ id: randomUUID(), memberId, name, prefix: 'mk_abcdefg', hash: randomBytes(32), kind: 'member' as const });

  it('creates keys up to the cap, lists, touches and revokes them', async () => {
    const memberId = await member();
    const first = key(memberId, 'first');
    const created = await db.ds.transaction((em) => insertKeyWithin(em, first, 2));
    expect(created).toEqual({ id: first.id, name: 'first', prefix: 'mk_abcdefg', created_at: expect.any(Date), last_used_at: null });
    expect(await db.ds.transaction((em) => insertKeyWithin(em, key(memberId, 'second'), 2))).toBeDefined();
    expect(await db.ds.transaction((em) => insertKeyWithin(em, key(memberId, 'third'), 2))).toBeUndefined();
    expect((await liveKeysOf(db.ds, memberId)).map((k) => k.name).sort()).toEqual(['first', 'second']);

    expect(await touchKey(db.ds, first.id)).toBe(1);
    expect((await liveKeysOf(db.ds, memberId)).find((k) => k.id === first.id)?.last_used_at).toBeInstanceOf(Date);

    expect(await revokeKey(db.ds, first.id, randomUUID())).toBe(false);
    expect(await revokeKey(db.ds, first.id, memberId)).toBe(true);
    expect(await revokeKey(db.ds, first.id, memberId)).toBe(false);
    expect(await revokeKeysOf(db.ds, memberId)).toBe(1);
    expect(await liveKeysOf(db.ds, memberId)).toEqual([]);
  });

  it('resolves a live key with the standing columns and counts each request in the same prepared statement', async () => {
    const memberId = await member();
    const k = { ...key(memberId), kind: 'team' as const };
    expect(await insertKey(db.ds, k)).toBe(1);
    const [firstUse] = await authenticateKey(db.ds, k.hash, 'spec_keys', 60);
    expect(firstUse).toMatchObject({
      id: k.id,
      member_id: memberId,
      kind: 'team',
      email: `${memberId}@example.test`,
      staff: false,
      suspension_reason: null,
      count: 1,
    });
    expect(firstUse!.created_at).toBeInstanceOf(Date);
    expect(firstUse!.reset).toBeGreaterThan(0);
    expect(firstUse!.reset).toBeLessThanOrEqual(60);
    const [secondUse] = await authenticateKey(db.ds, k.hash, 'spec_keys', 60);
    expect(secondUse?.count).toBe(2);
    const [counted] = await db.query<{ subject: string; count: number }>(`SELECT subject, count FROM limit_attempts WHERE bucket = 'spec_keys'`);
    expect(counted).toEqual({ subject: k.id, count: 2 });
    // An unknown or revoked key answers nothing and counts nothing.
    expect(await authenticateKey(db.ds, randomBytes(32), 'spec_keys', 60)).toEqual([]);
    await revokeKey(db.ds, k.id, memberId);
    expect(await authenticateKey(db.ds, k.hash, 'spec_keys', 60)).toEqual([]);
    expect(await db.query(`SELECT count FROM limit_attempts WHERE bucket = 'spec_keys'`)).toEqual([{ count: 2 }]);
  });
});
