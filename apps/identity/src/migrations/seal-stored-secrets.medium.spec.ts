import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { pendingSchemaChanges } from '@marketplace/service-kit';
import { openServiceSchema, runMigrationUp, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { linkToken, type StoredLinkRow } from '../admission/invite-links.js';
import { identityEntities, identityMigrations } from '../identity.entities.js';
import { OAuthServerKeysHandler } from '../oauth/oauth-server-keys.handler.js';
import { SealStoredSecrets1795800000000 } from './1795800000000-seal-stored-secrets.js';

/**
 * Medium: rows stored in the clear before the migration (an invitation link, a client secret, the
 * development OAuth keys) are hashed or sealed in place and keep working after it.
 */
describe('SealStoredSecrets migration, on a real identity schema', () => {
  let db: ServiceSchema;
  const token = randomBytes(18).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const keys = { keys: [{ kty: 'RSA', kid: 'k1', d: randomBytes(16).toString('hex') }], cookieKeys: [randomBytes(32).toString('base64url')] };

  beforeAll(async () => {
    const before = identityMigrations.filter((m) => m !== SealStoredSecrets1795800000000);
    db = await openServiceSchema({ entities: identityEntities, migrations: before, label: 'identity_seal' });
    await db.query('INSERT INTO invite_links (id, member_id, token) VALUES ($1, $2, $3)', [randomUUID(), randomUUID(), token]);
    await db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('Client', 'c1', $1)`, [
      JSON.stringify({ client_id: 'c1', client_secret: secret, token_endpoint_auth_method: 'client_secret_post' }),
    ]);
    await db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('Client', 'c2', $1)`, [
      JSON.stringify({ client_id: 'c2', token_endpoint_auth_method: 'none' }),
    ]);
    await db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('ServerKeys', 'current', $1)`, [JSON.stringify(keys)]);
    await runMigrationUp(db.ds, new SealStoredSecrets1795800000000());
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('leaves no clear value in the rows', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `SELECT to_jsonb(l)::text AS row FROM invite_links l UNION ALL SELECT to_jsonb(o)::text FROM oauth_records o`,
    );
    const text = rows.map((r) => r.row).join('\n');
    for (const clear of [token, secret, keys.keys[0]!.d, keys.cookieKeys[0]!]) expect(text).not.toContain(clear);
  });

  it('the invitation link is found by its digest and shown again from its sealed copy', async () => {
    const [link] = await db.query<StoredLinkRow>('SELECT * FROM invite_links');
    expect(link!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(linkToken(link!)).toBe(token);
  });

  it('a client secret is kept as its digest; a client without one is untouched', async () => {
    const rows = await db.query<{ id: string; payload: Record<string, unknown> }>(`SELECT id, payload FROM oauth_records WHERE model = 'Client' ORDER BY id`);
    expect(rows[0]!.payload.client_secret).toBe(`sha256:${createHash('sha256').update(secret).digest('hex')}`);
    expect(rows[1]!.payload).toEqual({ client_id: 'c2', token_endpoint_auth_method: 'none' });
  });

  it('the development OAuth keys are sealed and read back as before', async () => {
    expect(await new OAuthServerKeysHandler(db.ds).handle()).toEqual(keys);
  });

  it('the schema matches the entities afterwards', async () => {
    expect(await pendingSchemaChanges(db.ds)).toEqual([]);
  });
});
