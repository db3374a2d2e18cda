import { api, createMember, setSetting } from '@marketplace/testing';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * GET /api/analytics/config and POST /api/me/identity on a system configured like a fresh
 * deployment: no analytics and no identity provider (the provider protocol itself is covered by
 * identity's identity-provider.spec.ts).
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });

afterAll(async () => {
  await setSetting(nats, 'identity_verification', null);
  await db.end();
});

describe('GET /api/analytics/config', () => {
  it('answers null while analytics is not configured, publicly and uncached', async () => {
    const res = await api(base, '/api/analytics/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toBeNull();
  });
});

describe('POST /api/me/identity', () => {
  it('answers 409 while identity verification is off (the default), and 401 signed out', async () => {
    const member = await createMember(nats);
    const res = await api(base, '/api/me/identity', { key: member.key, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/not enabled/);
    expect((await api(base, '/api/me', { key: member.key })).body).toMatchObject({ identityVerificationEnabled: false, signUp: null });
    expect((await api(base, '/api/me/identity', { body: {} })).status).toBe(401);
  });

  it('with verification on: 409 before the network step, 503 without a provider with nothing changed', async () => {
    await setSetting(nats, 'identity_verification', true);
    const member = await createMember(nats);
    const early = await api(base, '/api/me/identity', { key: member.key, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/network/);

    await db.query(`UPDATE identity.members SET sign_up_step = 'identity', network_url = 'https://network.example/in/x' WHERE id = $1`, [member.id]);
    const down = await api(base, '/api/me/identity', { key: member.key, body: {} });
    expect(down.status).toBe(503);
    expect((await api(base, '/api/me', { key: member.key })).body.signUp).toEqual({ step: 'identity', identity: 'none', verifiedName: null });

    await db.query(`UPDATE identity.members SET identity_status = 'review' WHERE id = $1`, [member.id]);
    expect((await api(base, '/api/me/identity', { key: member.key, body: {} })).status).toBe(409);
    await setSetting(nats, 'identity_verification', null);
  });
});
