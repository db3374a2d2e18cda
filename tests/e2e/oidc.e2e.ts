import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';

import { api, createMember, launchBrowser } from '@marketplace/testing';
import Provider from 'oidc-provider';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { E2E_OIDC } from './global-setup.js';

const base = inject('baseUrl');
const issuer = inject('oidcIssuer');

/**
 * A real OpenID Connect provider (oidc-provider) with its development login: any login name
 * signs in, and that name is the account's email. Names starting with `unverified-` get
 * `email_verified: false`.
 */
let server: Server;
let browser: Browser;
let db: pg.Client;

beforeAll(async () => {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_OIDC.clientId,
        client_secret: E2E_OIDC.clientSecret,
        redirect_uris: [`${base}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['e2e-cookie-key'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: sub,
        email_verified: !sub.startsWith('unverified-'),
        name: `Federated ${sub.split('@')[0]}`,
      }),
    }),
  });
  server = createServer(provider.callback()).listen(Number(new URL(issuer).port));
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await new Promise((r) => server?.close(r));
});

/** From our sign-in page through the provider's login and consent, back to us. */
async function signInWithProvider(page: Page, login: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByRole('link', { name: `Sign in with ${E2E_OIDC.name}` }).click();
  await page.waitForURL((url) => url.origin === issuer);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === base);
}

describe('federated sign-in with an OpenID Connect provider', () => {
  it('is offered on /api/auth-methods with its display name', async () => {
    const res = await api(base, '/api/auth-methods');
    expect(res.body.methods).toContainEqual({ id: 'oidc', name: E2E_OIDC.name, url: '/api/auth/sign-in/oidc' });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const res = await fetch(`${base}/api/auth/sign-in/oidc?callbackURL=%2Fagent-access`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get('client_id')).toBe(E2E_OIDC.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe(`${base}/api/auth/callback/oidc`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('nonce')).toBeTruthy();
    const state = location.searchParams.get('state')!;
    expect(res.headers.get('set-cookie')).toContain(`mk_oidc_state=${state}`);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const foreign = await api(base, '/api/auth/sign-in/oidc?callbackURL=https%3A%2F%2Fevil.example%2F');
    expect(foreign.status).toBe(403);
  });

  it('a new person signs in through the provider and becomes a verified member with a session', async () => {
    const email = `fed-${randomUUID().slice(0, 8)}@example.test`;
    const page = await browser.newPage();
    await signInWithProvider(page, email);
    expect(new URL(page.url()).pathname).toBe('/agent-access');
    await page.getByRole('heading', { name: 'Agent access' }).waitFor();
    const session = (await page.context().cookies()).find((c) => c.name === 'mk_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const admin = await api(base, '/api/account/admin', { headers: { cookie: `mk_session=${session!.value}` } });
    expect(admin.status).toBe(200);
    const { rows } = await db.query(
      `SELECT m.name, m.email_verified_at, f.issuer FROM identity.members m
       JOIN identity.federated_identities f ON f.member_id = m.id WHERE m.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe(`Federated ${email.split('@')[0]}`);
    expect(rows[0].email_verified_at).not.toBeNull();
    expect(rows[0].issuer).toBe(issuer);
    await page.close();
  });

  it('links to an existing member by verified email', async () => {
    const member = await createMember(inject('natsUrl'), { name: 'Already Here' });
    const page = await browser.newPage();
    await signInWithProvider(page, member.email);
    const { rows } = await db.query('SELECT member_id FROM identity.federated_identities WHERE subject = $1', [member.email]);
    expect(rows).toEqual([{ member_id: member.id }]);
    const names = await db.query('SELECT name FROM identity.members WHERE email = $1', [member.email]);
    expect(names.rows).toEqual([{ name: 'Already Here' }]);
    await page.close();
  });

  it('refuses an address the provider has not verified', async () => {
    const email = `unverified-${randomUUID().slice(0, 8)}@example.test`;
    const page = await browser.newPage();
    await signInWithProvider(page, email);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(new URL(page.url()).searchParams.get('error')).toBe('EMAIL_NOT_VERIFIED');
    expect(
      await page
        .context()
        .cookies()
        .then((c) => c.find((x) => x.name === 'mk_session')),
    ).toBeUndefined();
    const { rows } = await db.query('SELECT 1 FROM identity.members WHERE email = $1', [email]);
    expect(rows).toHaveLength(0);
    await page.close();
  });

  it('a callback whose state is not the one this browser started is refused (no session)', async () => {
    const start = await fetch(`${base}/api/auth/sign-in/oidc`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const forged = await fetch(`${base}/api/auth/callback/oidc?code=abc&state=${state}`, { redirect: 'manual' });
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe('/sign-in?error=STATE_MISMATCH');
    expect(forged.headers.get('set-cookie') ?? '').not.toContain('mk_session=');
  });
});
