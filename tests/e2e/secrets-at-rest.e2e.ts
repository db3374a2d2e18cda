import { createHash } from 'node:crypto';

import { oauthServerKeys } from '@marketplace/contracts';
import { api, createMember, dbQuery, pkcePair, registerAgent } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { callInternal } from './support/bus.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Every row of a table as text, for checking that a value appears nowhere in it. */
async function tableText(table: string, where = 'true', params: unknown[] = []): Promise<string> {
  const rows = await dbQuery<{ row: string }>(db, `SELECT to_jsonb(t)::text AS row FROM ${table} t WHERE ${where}`, params);
  return rows.map((r) => r.row).join('\n');
}

describe('secrets at rest: read from PostgreSQL, none is in the clear', () => {
  it('an invitation link is stored as its sha256 and sealed; it still admits, and is shown again', async () => {
    const veteran = await createMember(nats);
    const link = await api(base, '/api/me/invite-link', { key: veteran.key });
    expect(link.status).toBe(200);
    const token = link.body.token as string;
    const [row] = await dbQuery<{ token_hash: string; token_sealed: string }>(
      db,
      'SELECT token_hash, token_sealed FROM identity.invite_links WHERE member_id = $1',
      [veteran.id],
    );
    expect(row!.token_hash).toBe(sha256(token));
    expect(row!.token_sealed).toMatch(/^sealed:v1:/);
    expect(await tableText('identity.invite_links', 'member_id = $1', [veteran.id])).not.toContain(token);
    expect((await api(base, '/api/me/invite-link', { key: veteran.key })).body.token).toBe(token);
    // Presented, it is found by its digest (the caller is already let in: 200 either way, 400 for a wrong token).
    const newcomer = await createMember(nats);
    expect((await api(base, '/api/me/invite', { key: newcomer.key, body: { token } })).status).toBe(200);
  });

  it('an OAuth client secret is stored as its digest; the client still authenticates with it, a wrong one is refused', async () => {
    const client = await registerAgent(base, {
      application_type: 'web',
      redirect_uris: ['https://agent.example/callback'],
      token_endpoint_auth_method: 'client_secret_post',
    });
    const secret = client.client_secret as string;
    expect(secret).toBeTruthy();
    const [row] = await dbQuery<{ payload: Record<string, unknown> }>(db, `SELECT payload FROM identity.oauth_records WHERE model = 'Client' AND id = $1`, [
      client.client_id,
    ]);
    expect(row!.payload.client_secret).toBe(`sha256:${sha256(secret)}`);
    expect(JSON.stringify(row)).not.toContain(secret);
    const token = (clientSecret: string) =>
      fetch(`${base}/api/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: 'https://agent.example/callback',
          code_verifier: pkcePair().verifier,
          client_id: client.client_id,
          client_secret: clientSecret,
        }),
      }).then(async (res) => ({ status: res.status, error: ((await res.json()) as { error: string }).error }));
    // Authenticated: the code is what is wrong.
    expect(await token(secret)).toMatchObject({ error: 'invalid_grant' });
    expect(await token(`${secret}x`)).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(await token(`sha256:${sha256(secret)}`)).toMatchObject({ status: 401, error: 'invalid_client' });
    // The registration read never hands out the digest as if it were the secret.
    const read = await fetch(client.registration_client_uri as string, { headers: { authorization: `Bearer ${client.registration_access_token as string}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as Record<string, unknown>).client_secret).toBeUndefined();
  });

  it('the development OAuth keys identity keeps are sealed, and read back whole', async () => {
    const keys = await callInternal(nats, oauthServerKeys, {});
    const [row] = await dbQuery<{ payload: Record<string, unknown> }>(
      db,
      `SELECT payload FROM identity.oauth_records WHERE model = 'ServerKeys' AND id = 'current'`,
    );
    expect(Object.keys(row!.payload)).toEqual(['sealed']);
    const text = JSON.stringify(row);
    for (const key of keys.keys) expect(text).not.toContain((key as { d: string }).d);
    for (const cookie of keys.cookieKeys) expect(text).not.toContain(cookie);
    expect(await callInternal(nats, oauthServerKeys, {})).toEqual(keys);
  });

  it('the keys notifications keeps (the unsubscribe signing key) are sealed', async () => {
    // An unsubscribe attempt makes the signing key on first use.
    await api(base, '/api/contact-notifications/unsubscribe', { method: 'POST', body: { token: 'not-a-token' } });
    const rows = await dbQuery<{ name: string; value: unknown }>(db, 'SELECT name, value FROM notifications.notification_keys');
    expect(rows.map((r) => r.name)).toContain('unsubscribe-signing-key');
    for (const row of rows) {
      expect(Object.keys(row.value as object)).toEqual(['sealed']);
      expect((row.value as { sealed: string }).sealed).toMatch(/^sealed:v1:/);
    }
  });
});
