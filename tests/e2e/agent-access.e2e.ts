import { randomUUID } from 'node:crypto';

import { api, createMember, launchBrowser, mailTo, sessionHeaders, signIn, signInLink, until, waitForMail } from '@marketplace/testing';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const mailDir = inject('mailDir');
const natsUrl = inject('natsUrl');

describe('API keys over REST with a browser session', () => {
  it('create (shown once), list, use, last used, revoke, then 401', async () => {
    const member = await signIn(base, mailDir);
    const headers = sessionHeaders(base, member);
    const created = await api(base, '/api/me/api-keys', { headers, body: { name: 'Research agent' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Research agent', lastUsedAt: null });
    expect(created.body.key).toMatch(/^tl_[\w-]{40,}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const listed = await api(base, '/api/me/api-keys', { headers: { cookie: member.cookie } });
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toEqual([
      {
        id: created.body.id,
        name: 'Research agent',
        prefix: created.body.prefix,
        createdAt: created.body.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);

    const used = await api(base, '/api/me/jobs', { key: created.body.key });
    expect(used.status).toBe(200);
    // last_used_at is written asynchronously, at most once a minute per key.
    const lastUsedAt = await until<string>(
      async () => (await api(base, '/api/me/api-keys', { headers: { cookie: member.cookie } })).body.keys[0].lastUsedAt ?? undefined,
      { timeoutMs: 5_000, intervalMs: 50, what: 'lastUsedAt on the key' },
    );
    expect(Date.parse(lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);

    // The key lists its own member's keys, but cannot mint new ones.
    expect((await api(base, '/api/me/api-keys', { key: created.body.key })).body.keys).toHaveLength(1);
    const minted = await api(base, '/api/me/api-keys', { key: created.body.key, body: { name: 'Another' } });
    expect(minted.status).toBe(403);

    // Another member cannot see or revoke it.
    const other = await signIn(base, mailDir);
    const stolen = await api(base, `/api/me/api-keys/${created.body.id}`, { method: 'DELETE', headers: sessionHeaders(base, other), body: {} });
    expect(stolen.status).toBe(404);
    expect((await api(base, '/api/me/jobs', { key: created.body.key })).status).toBe(200);

    const revoked = await api(base, `/api/me/api-keys/${created.body.id}`, { method: 'DELETE', headers, body: {} });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: created.body.id, revoked: true });
    expect((await api(base, '/api/me/jobs', { key: created.body.key })).status).toBe(401);
    expect((await api(base, '/api/me/api-keys', { headers: { cookie: member.cookie } })).body.keys).toEqual([]);
    const again = await api(base, `/api/me/api-keys/${created.body.id}`, { method: 'DELETE', headers, body: {} });
    expect(again.status).toBe(404);
  });

  it('validates the name, needs sign-in, and caps active keys at 20', async () => {
    expect((await api(base, '/api/me/api-keys')).status).toBe(401);
    expect((await api(base, '/api/me/api-keys', { body: { name: 'x' } })).status).toBe(401);
    const member = await signIn(base, mailDir);
    const headers = sessionHeaders(base, member);
    const empty = await api(base, '/api/me/api-keys', { headers, body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.name).toEqual(expect.any(String));
    const long = await api(base, '/api/me/api-keys', { headers, body: { name: 'n'.repeat(121) } });
    expect(long.status).toBe(400);
    const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => api(base, '/api/me/api-keys', { headers, body: { name: `key ${i}` } })));
    expect(keys.map((k) => k.status)).toEqual(Array(20).fill(201));
    const over = await api(base, '/api/me/api-keys', { headers, body: { name: 'one too many' } });
    expect(over.status).toBe(409);
    await api(base, `/api/me/api-keys/${keys[0]!.body.id}`, { method: 'DELETE', headers, body: {} });
    expect((await api(base, '/api/me/api-keys', { headers, body: { name: 'room again' } })).status).toBe(201);
  });

  it('the key routes are REST only: no MCP tool manages keys', async () => {
    const tools = (await api(base, '/api/openapi.json')).body.paths['/api/me/api-keys'];
    expect(tools.get['x-mcp-tool']).toBeUndefined();
    expect(tools.post['x-mcp-tool']).toBeUndefined();
  });
});

describe('staff', () => {
  it('a verified address on a staff email domain is staff; the staff flag also counts; others are not', async () => {
    const staff = await signIn(base, mailDir, { email: `ops-${randomUUID().slice(0, 8)}@staff.example.test` });
    const admin = await api(base, '/api/account/admin', { headers: { cookie: staff.cookie } });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ admin: true });
    const flagged = await createMember(natsUrl, { staff: true });
    expect((await api(base, '/api/account/admin', { key: flagged.key })).body).toEqual({ admin: true });
    const plain = await createMember(natsUrl);
    expect((await api(base, '/api/account/admin', { key: plain.key })).body).toEqual({ admin: false });
    expect((await api(base, '/api/account/admin')).status).toBe(401);

    // Computed when authenticating: the same address stops being staff once it is not verified.
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      await db.query('UPDATE identity.members SET email_verified_at = NULL WHERE email = $1', [staff.email]);
      expect((await api(base, '/api/account/admin', { headers: { cookie: staff.cookie } })).body).toEqual({ admin: false });
    } finally {
      await db.end();
    }
  });
});

describe('web pages in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in by email, creates a key on Agent access, sees it once, uses it over REST, revokes it', async () => {
    const email = `browser-${randomUUID().slice(0, 8)}@example.test`;
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));

    // Signed out, Agent access sends the visitor to sign in.
    const first = await page.goto(`${base}/agent-access`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(first!.headers()['content-security-policy']).toMatch(/default-src 'none'/);
    expect(first!.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sign in');
    // The email field has focus, and a label.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.waitForURL(`${base}/sign-in/check-email`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Check your email');

    const link = signInLink(await waitForMail(mailDir, email));
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Continue signing in');
    await page.getByRole('button', { name: 'Continue signing in' }).click();
    await page.waitForURL(`${base}/agent-access`);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'mk_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('mk_session');

    await page.getByRole('heading', { name: 'Your keys' }).waitFor();
    await page.getByText('You have no API keys.').waitFor();
    await page.getByLabel('Key name').fill('Browser agent');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.locator('#new-key-value');
    await shown.waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^tl_/);
    const row = page.getByRole('row', { name: /Browser agent/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${key.slice(0, 10)}…`);
    expect(await row.textContent()).not.toContain(key);
    expect(await row.textContent()).toContain('Never');

    // The key works over REST as this member.
    const jobs = await api(base, '/api/me/jobs', { key });
    expect(jobs.status).toBe(200);

    // Shown once: after a reload only the prefix is on the page, and the key now has a last use.
    await page.reload();
    await page.getByRole('row', { name: /Browser agent/ }).waitFor();
    expect(await page.content()).not.toContain(key);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('row', { name: /Browser agent/ }).waitFor();
          return page.getByRole('row', { name: /Browser agent/ }).textContent();
        },
        { timeout: 5000 },
      )
      .not.toContain('Never');

    await page.getByRole('button', { name: 'Revoke Browser agent' }).click();
    await page.getByText('You have no API keys.').waitFor();
    expect((await api(base, '/api/me/jobs', { key })).status).toBe(401);

    // Sign out ends the session; Agent access sends the visitor back to sign in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/sign-in`);
    await page.goto(`${base}/agent-access`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect((await api(base, '/api/account/admin', { headers: { cookie: `mk_session=${session.value}` } })).status).toBe(401);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an expired link lands back on the sign-in page with an explanation', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/api/auth/magic-link/verify?token=${'z'.repeat(43)}`);
    await page.getByRole('button', { name: 'Continue signing in' }).click();
    await page.waitForURL(/\/sign-in\?/);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/not valid or was already used/);
    await page.close();
  });

  it('the pages need no external assets', async () => {
    for (const path of ['/sign-in', '/sign-in/check-email']) {
      const html = await (await fetch(`${base}${path}`)).text();
      expect(html).not.toMatch(/(src|href)="https?:/);
      expect(html).toMatch(/<html lang="en">/);
    }
    expect(await mailTo(mailDir, 'nobody@example.test')).toEqual([]);
  });
});
