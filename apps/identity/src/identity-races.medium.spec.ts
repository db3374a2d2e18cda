import { randomUUID } from 'node:crypto';

import { AppError, type Caller } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from './identity.entities.js';
import { CreateMyApiKeyHandler, MAX_ACTIVE_KEYS } from './keys/my-api-keys.handlers.js';
import { OAuthConsumeHandler, OAuthFindHandler, OAuthUpsertHandler, UNUSED_CLIENT_DAYS } from './oauth/oauth-store.handlers.js';

/**
 * Medium: identity handlers against its schema on a real PostgreSQL, where races are real. What
 * this proves and a unit test cannot: simultaneous key creations stop exactly at the cap, and of
 * two simultaneous consumes of one refresh token exactly one succeeds.
 */
function sessionCtx(memberId: string): HandlerContext {
  const caller: Caller = { memberId, via: 'session', scopes: ['agent:read', 'agent:write'], staff: false, emailVerified: true };
  return { requestId: randomUUID(), caller, surface: 'rest' };
}

describe('identity races, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it(`concurrent API key creations stop exactly at ${MAX_ACTIVE_KEYS}`, async () => {
    const create = new CreateMyApiKeyHandler(db.ds);
    const memberId = randomUUID();
    const attempts = MAX_ACTIVE_KEYS + 10;
    const results = await Promise.allSettled(Array.from({ length: attempts }, (_, i) => create.handle({ name: `key ${i}` }, sessionCtx(memberId))));
    const created = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(created).toHaveLength(MAX_ACTIVE_KEYS);
    expect(refused).toHaveLength(attempts - MAX_ACTIVE_KEYS);
    for (const r of refused) expect((r.reason as AppError).status).toBe(409);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE member_id = $1 AND revoked_at IS NULL', [memberId]);
    expect(row!.n).toBe(MAX_ACTIVE_KEYS);
  });

  it('two concurrent consumes of one refresh token: exactly one succeeds, and a later one fails too', async () => {
    const upsert = new OAuthUpsertHandler(db.ds);
    const consume = new OAuthConsumeHandler(db.ds);
    for (let round = 0; round < 5; round++) {
      const id = `rt-${randomUUID()}`;
      await upsert.handle({ model: 'RefreshToken', id, payload: { grantId: `g-${id}` }, expiresIn: 3600 });
      const results = await Promise.allSettled([consume.handle({ model: 'RefreshToken', id }), consume.handle({ model: 'RefreshToken', id })]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
      expect((failure.reason as AppError).status).toBe(409);
      await expect(consume.handle({ model: 'RefreshToken', id })).rejects.toMatchObject({ status: 409 });
    }
  });

  it(`a registered client expires after ${UNUSED_CLIENT_DAYS} days unless a code of its was exchanged`, async () => {
    const upsert = new OAuthUpsertHandler(db.ds);
    const consume = new OAuthConsumeHandler(db.ds);
    const find = new OAuthFindHandler(db.ds);
    const left = async (id: string) =>
      (
        await db.query<{ left: number | null }>(
          `SELECT extract(epoch FROM expires_at - now())::float8 AS left FROM oauth_records WHERE model = 'Client' AND id = $1`,
          [id],
        )
      )[0]!.left;
    const [unused, used] = [`c-${randomUUID()}`, `c-${randomUUID()}`];
    for (const id of [unused, used]) await upsert.handle({ model: 'Client', id, payload: { client_id: id } });
    expect(await left(unused)).toBeGreaterThan((UNUSED_CLIENT_DAYS * 24 - 1) * 3600);
    expect(await left(unused)).toBeLessThanOrEqual(UNUSED_CLIENT_DAYS * 24 * 3600);

    const code = `code-${randomUUID()}`;
    await upsert.handle({ model: 'AuthorizationCode', id: code, payload: { clientId: used, grantId: `g-${code}` }, expiresIn: 60 });
    await consume.handle({ model: 'AuthorizationCode', id: code });
    expect(await left(used)).toBeNull();
    // Stored again (oidc-provider may), a used client stays without an expiry.
    await upsert.handle({ model: 'Client', id: used, payload: { client_id: used } });
    expect(await left(used)).toBeNull();

    // Past its expiry, an unused client reads as absent (and the sweep removes it).
    await db.query(`UPDATE oauth_records SET expires_at = now() - interval '1 minute' WHERE model = 'Client' AND id = $1`, [unused]);
    expect((await find.handle({ model: 'Client', by: 'id', value: unused })).payload).toBeNull();
    expect((await find.handle({ model: 'Client', by: 'id', value: used })).payload).toEqual({ client_id: used });
  });
});
