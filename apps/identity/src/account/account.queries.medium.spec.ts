import { randomBytes, randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { deleteMemberAccess, deleteMemberKeys, photoKeysOf, scrubMember } from './account.queries.js';

/** Medium: the account-deletion statements against a real identity schema. */
describe('account.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_account_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const count = async (table: string, where: string, param: unknown) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, [param]))[0]!.n;

  it("removes what identity holds of a deleted member and scrubs the member row, keeping others' rows", async () => {
    const memberId = randomUUID();
    const email = `${memberId}@example.test`;
    const other = randomUUID();
    await db.query(
      `INSERT INTO members (id, email, name, headline, photo_url, identity_status, verified_name) VALUES ($1, $2, 'Ada', 'Hi', '/p', 'verified', 'Ada L')`,
      [memberId, email],
    );
    await db.query(`INSERT INTO members (id, email, name) VALUES ($1, $2, 'Other')`, [other, `${other}@example.test`]);
    await db.query(`INSERT INTO waitlist (id, email) VALUES ($1, $2)`, [randomUUID(), email]);
    await db.query(`INSERT INTO magic_links (token_hash, email, expires_at) VALUES ($1, $2, now())`, [randomBytes(32), email]);
    await db.query(`INSERT INTO sessions (id, token_hash, member_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`, [
      randomUUID(),
      randomBytes(32),
      memberId,
    ]);
    await db.query(`INSERT INTO federated_identities (issuer, subject, member_id) VALUES ('i', 's', $1)`, [memberId]);
    await db.query(`INSERT INTO email_invitations (id, inviter_id, email, state) VALUES ($1, $2, 'x@example.test', 'sent')`, [randomUUID(), memberId]);
    const teamId = randomUUID();
    await db.query(`INSERT INTO teams (id, name) VALUES ($1, 'T')`, [teamId]);
    await db.query(
      `INSERT INTO team_invitations (id, team_id, email, role, invited_by, expires_at) VALUES ($1, $2, $3, 'member', $4, now() + interval '1 day')`,
      [randomUUID(), teamId, email, other],
    );
    await db.query(
      `INSERT INTO team_invitations (id, team_id, email, role, invited_by, expires_at) VALUES ($1, $2, 'y@example.test', 'member', $3, now() + interval '1 day')`,
      [randomUUID(), teamId, memberId],
    );
    await db.query(
      `INSERT INTO team_invitations (id, team_id, email, role, invited_by, expires_at) VALUES ($1, $2, 'z@example.test', 'member', $3, now() + interval '1 day')`,
      [randomUUID(), teamId, other],
    );
    await db.query(`INSERT INTO invite_links (id, member_id, token_hash, token_sealed) VALUES ($1, $2, 'h', 's')`, [randomUUID(), memberId]);
    await db.query(`INSERT INTO network_lookups (member_id, network_url) VALUES ($1, 'https://n.example/in/a')`, [memberId]);
    const keyId = randomUUID();
    await db.query(`INSERT INTO api_keys (id, member_id, name, prefix, hash) VALUES ($1, $2, 'k', 'mk_', $3)`, [keyId, memberId, randomBytes(32)]);
    await db.query(`INSERT INTO member_photos (member_id, hash, content_type, object_key) VALUES ($1, 'abc', 'image/webp', 'photos/a')`, [memberId]);
    await db.query(`INSERT INTO profiles (member_id, skills) VALUES ($1, '[]'::jsonb)`, [memberId]);

    expect(await db.ds.transaction((em) => deleteMemberAccess(em, memberId))).toEqual([keyId]);
    for (const [table, where, param] of [
      ['waitlist', 'email = $1', email],
      ['magic_links', 'email = $1', email],
      ['sessions', 'member_id = $1', memberId],
      ['federated_identities', 'member_id = $1', memberId],
      ['email_invitations', 'inviter_id = $1', memberId],
      ['team_invitations', 'email = $1 OR invited_by::text = $1', email],
      ['invite_links', 'member_id = $1', memberId],
      ['network_lookups', 'member_id = $1', memberId],
    ] as const)
      expect([table, await count(table, where, param)]).toEqual([table, 0]);
    expect(await count('team_invitations', 'invited_by = $1', other)).toBe(1);
    expect(await count('team_invitations', 'invited_by = $1', memberId)).toBe(0);

    expect(await deleteMemberKeys(db.ds, memberId)).toBe(1);
    expect(await photoKeysOf(db.ds, memberId)).toEqual(['photos/a']);
    const deletedAt = '2030-01-02T03:04:05.000Z';
    await scrubMember(db.ds, memberId, 'Deleted member', deletedAt);
    expect(await photoKeysOf(db.ds, memberId)).toEqual([]);
    expect(await count('profiles', 'member_id = $1', memberId)).toBe(0);
    expect(
      await db.query('SELECT email, name, headline, photo_url, identity_status, verified_name, deleted_at FROM members WHERE id = $1', [memberId]),
    ).toEqual([
      {
        email: `deleted-${memberId}@deleted.invalid`,
        name: 'Deleted member',
        headline: null,
        photo_url: null,
        identity_status: 'none',
        verified_name: null,
        deleted_at: new Date(deletedAt),
      },
    ]);
    // Run again (the consumer may be retried): the first deletion time stays.
    await scrubMember(db.ds, memberId, 'Deleted member', '2031-01-01T00:00:00.000Z');
    expect(await db.query('SELECT deleted_at FROM members WHERE id = $1', [memberId])).toEqual([{ deleted_at: new Date(deletedAt) }]);
  });
});
