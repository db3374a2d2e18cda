import { randomBytes, randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { ExpiredRowsSweeper } from './expired-rows.sweeper.js';

/** Medium: the expired-rows sweep against a real identity schema deletes what nobody can use and keeps the rest. */
describe('the expired-rows sweep', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_sweep' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('deletes expired sessions, old sign-in links, OIDC requests, OAuth records and provider event ids, and keeps live ones', async () => {
    const session = (expires: string) =>
      db.query(`INSERT INTO sessions (id, token_hash, member_id, expires_at) VALUES ($1, $2, $3, now() + $4::interval)`, [
        randomUUID(),
        randomBytes(32),
        randomUUID(),
        expires,
      ]);
    const link = (expires: string) =>
      db.query(`INSERT INTO magic_links (token_hash, email, expires_at) VALUES ($1, 'a@example.test', now() + $2::interval)`, [randomBytes(32), expires]);
    const oidc = (expires: string) =>
      db.query(`INSERT INTO oidc_requests (state_hash, code_verifier, nonce, expires_at) VALUES ($1, 'v', 'n', now() + $2::interval)`, [
        randomBytes(32),
        expires,
      ]);
    const record = (expires: string) =>
      db.query(`INSERT INTO oauth_records (model, id, payload, expires_at) VALUES ('Session', $1, '{}'::jsonb, now() + $2::interval)`, [randomUUID(), expires]);
    const providerEvent = (expires: string) =>
      db.query(`INSERT INTO identity_webhook_events (event_id, expires_at) VALUES ($1, now() + $2::interval)`, [randomUUID(), expires]);
    await Promise.all([
      session('-1 minute'),
      session('1 hour'),
      link('-2 days'),
      link('-1 hour'),
      oidc('-1 minute'),
      oidc('5 minutes'),
      record('-2 hours'),
      record('-10 minutes'),
      providerEvent('-1 minute'),
      providerEvent('50 minutes'),
    ]);
    const out = await new ExpiredRowsSweeper(db.ds).run();
    expect(out).toEqual({ sessions: 1, magicLinks: 1, oidcRequests: 1, oauthRecords: 1, identityWebhookEvents: 1 });
    const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    expect([
      await count('sessions'),
      await count('magic_links'),
      await count('oidc_requests'),
      await count('oauth_records'),
      await count('identity_webhook_events'),
    ]).toEqual([1, 1, 1, 1, 1]);
    expect(await new ExpiredRowsSweeper(db.ds).run()).toEqual({ sessions: 0, magicLinks: 0, oidcRequests: 0, oauthRecords: 0, identityWebhookEvents: 0 });
  });
});
