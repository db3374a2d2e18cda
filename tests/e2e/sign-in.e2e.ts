import { createHash, randomUUID } from 'node:crypto';

import {
  api,
  createMember,
  followSignInLink,
  mailTo,
  randomClientIp,
  requestSignInLink,
  sessionHeaders,
  signIn,
  signInLink,
  waitForMail,
} from '@marketplace/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const mailDir = inject('mailDir');
const natsUrl = inject('natsUrl');
const control = inject('controlUrl');
const origin = new URL(base).origin;

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest();
const newEmail = (domain = 'example.test') => `In-${randomUUID().slice(0, 10)}@${domain}`;

async function linkFor(email: string, opts: Parameters<typeof requestSignInLink>[2] = {}): Promise<string> {
  const seen = new Set((await mailTo(mailDir, email)).map((m) => m.id));
  const res = await requestSignInLink(base, email, opts);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return signInLink(await waitForMail(mailDir, email.toLowerCase(), seen));
}

async function restartIdentity(env: Record<string, string>): Promise<void> {
  const stopped = await fetch(`${control}/stop/identity`, { method: 'POST' });
  expect(stopped.status).toBe(204);
  const started = await fetch(`${control}/start/identity`, { method: 'POST', body: JSON.stringify(env) });
  expect(started.status, await started.text()).toBe(204);
}

describe('magic-link sign-in', () => {
  it('a new address gets one email; the link creates a verified member, starts a session and lands on newUserCallbackURL', async () => {
    const email = newEmail();
    const res = await requestSignInLink(base, email, { callbackURL: '/agent-access', newUserCallbackURL: '/agent-access?welcome=1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const mail = await waitForMail(mailDir, email.toLowerCase());
    expect(mail.subject).toMatch(/sign-in link/i);
    const link = signInLink(mail);
    expect(link.startsWith(`${origin}/api/auth/magic-link/verify?token=`)).toBe(true);

    const followed = await followSignInLink(link);
    expect(followed.status).toBe(303);
    expect(followed.location).toBe('/agent-access?welcome=1');
    expect(followed.cookie).toBeDefined();
    // Session cookie attributes: HttpOnly, SameSite=Lax, Path=/, not Secure on http, about 30 days.
    expect(followed.setCookie).toMatch(/HttpOnly/i);
    expect(followed.setCookie).toMatch(/SameSite=Lax/i);
    expect(followed.setCookie).toMatch(/Path=\//);
    expect(followed.setCookie).not.toMatch(/Secure/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(followed.setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 86400);
    expect(maxAge).toBeLessThanOrEqual(30 * 86400);

    const { rows } = await db.query('SELECT id, email, name, email_verified_at FROM identity.members WHERE email = $1', [email.toLowerCase()]);
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(email.toLowerCase());
    // No name given: a neutral public name that reveals nothing of the address.
    expect(rows[0].name).toBe('New member');
    expect(rows[0].name.toLowerCase()).not.toContain(email.toLowerCase().split('@')[0]!);
    expect(rows[0].email_verified_at).not.toBeNull();

    // Stored hashed: neither the link's token nor the session token appears in plain text.
    const token = new URL(link).searchParams.get('token')!;
    const session = followed.cookie!.slice('mk_session='.length);
    const links = await db.query('SELECT token_hash, used_at FROM identity.magic_links WHERE email = $1', [email.toLowerCase()]);
    expect(links.rows).toHaveLength(1);
    expect(Buffer.compare(links.rows[0].token_hash, sha256(token))).toBe(0);
    expect(links.rows[0].used_at).not.toBeNull();
    const sessions = await db.query('SELECT token_hash FROM identity.sessions WHERE member_id = $1', [rows[0].id]);
    expect(sessions.rows).toHaveLength(1);
    expect(Buffer.compare(sessions.rows[0].token_hash, sha256(session))).toBe(0);
    const dump = await db.query(`SELECT row_to_json(t)::text AS j FROM identity.sessions t UNION ALL SELECT row_to_json(t)::text FROM identity.magic_links t`);
    expect(dump.rows.some((r) => r.j.includes(token) || r.j.includes(session))).toBe(false);

    // The session authenticates REST calls.
    const admin = await api(base, '/api/account/admin', { headers: { cookie: followed.cookie! } });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ admin: false });
  });

  it('opening the link spends nothing (mail scanners fetch links); only a same-origin continue signs in', async () => {
    const link = await linkFor(newEmail());
    for (let i = 0; i < 3; i++) {
      const opened = await fetch(link, { redirect: 'manual' });
      expect(opened.status).toBe(200);
      expect(opened.headers.get('set-cookie')).toBeNull();
      expect(await opened.text()).toMatch(/<button type="submit" autofocus>Continue signing in<\/button>/);
    }
    const url = new URL(link);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = new URLSearchParams({ token: url.searchParams.get('token')! }).toString();
    const crossSite = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...form, origin: 'https://evil.example' },
      body,
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
    const followed = await followSignInLink(link);
    expect(followed.status).toBe(303);
    expect(followed.cookie).toBeDefined();
  });

  it('the continue page names the address the link is for (escaped), but not for an unknown, used or expired link', async () => {
    const email = `o'brien-${randomUUID().slice(0, 8)}@example.test`;
    const generic = 'You opened a sign-in link. Continue to sign in on this device.';
    const page = async (link: string) => {
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.status).toBe(200);
      return res.text();
    };
    const link = await linkFor(email);
    const shown = await page(link);
    expect(shown).toContain(`<strong class="signin-email">${email.replace("'", '&#39;')}</strong>`);
    expect(shown).not.toContain(email);
    expect(shown).not.toContain(generic);
    // Showing it spent nothing: the link still signs in, once.
    expect((await followSignInLink(link)).cookie).toBeDefined();
    const used = await page(link);
    expect(used).toContain(generic);
    expect(used).not.toMatch(/o&#39;brien|signin-email/);

    const bogus = await page(`${base}/api/auth/magic-link/verify?token=${'x'.repeat(43)}`);
    expect(bogus).toContain(generic);
    expect(bogus).not.toContain('signin-email');

    const other = newEmail();
    const expiring = await linkFor(other);
    await db.query(`UPDATE identity.magic_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sha256(new URL(expiring).searchParams.get('token')!),
    ]);
    const expired = await page(expiring);
    expect(expired).toContain(generic);
    expect(expired).not.toContain(other.toLowerCase());
  });

  it('of two simultaneous clicks on one link exactly one signs in', async () => {
    const link = await linkFor(newEmail());
    const results = await Promise.all([followSignInLink(link), followSignInLink(link), followSignInLink(link)]);
    expect(results.filter((r) => r.cookie).length).toBe(1);
  });

  it('a link works once: the second use redirects to errorCallbackURL with INVALID_TOKEN and sets no session', async () => {
    const email = newEmail();
    const link = await linkFor(email, { errorCallbackURL: '/sign-in?from=mail' });
    const first = await followSignInLink(link);
    expect(first.status).toBe(303);
    expect(first.cookie).toBeDefined();
    const second = await followSignInLink(link);
    expect(second.status).toBe(303);
    expect(second.cookie).toBeUndefined();
    expect(second.location).toBe('/sign-in?from=mail&error=INVALID_TOKEN');
    const bogus = await followSignInLink(`${base}/api/auth/magic-link/verify?token=${'x'.repeat(43)}`);
    expect(bogus.location).toBe('/sign-in?error=INVALID_TOKEN');
    expect(bogus.cookie).toBeUndefined();
  });

  it('a link older than 5 minutes is refused with EXPIRED_TOKEN', async () => {
    const email = newEmail();
    const link = await linkFor(email, { errorCallbackURL: '/sign-in' });
    const token = new URL(link).searchParams.get('token')!;
    const { rows } = await db.query('SELECT expires_at - created_at AS life FROM identity.magic_links WHERE token_hash = $1', [sha256(token)]);
    expect(rows[0].life.minutes).toBe(5);
    await db.query(`UPDATE identity.magic_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    const followed = await followSignInLink(link);
    expect(followed.location).toBe('/sign-in?error=EXPIRED_TOKEN');
    expect(followed.cookie).toBeUndefined();
    const member = await db.query('SELECT 1 FROM identity.members WHERE email = $1', [email.toLowerCase()]);
    expect(member.rows).toHaveLength(0);
  });

  it('an existing member signs in to callbackURL, keeps their name, and gets the same answer as a new address', async () => {
    const member = await createMember(natsUrl, { name: 'Existing Person' });
    const link = await linkFor(member.email, { callbackURL: '/agent-access?back=1', newUserCallbackURL: '/welcome', name: 'Other Name' });
    const followed = await followSignInLink(link);
    expect(followed.location).toBe('/agent-access?back=1');
    const { rows } = await db.query('SELECT count(*)::int AS n, max(name) AS name FROM identity.members WHERE email = $1', [member.email]);
    expect(rows[0]).toEqual({ n: 1, name: 'Existing Person' });
  });

  it('uses the name given with the request for a new account', async () => {
    const email = newEmail();
    const followed = await followSignInLink(await linkFor(email, { name: 'Dana Reyes' }));
    expect(followed.location).toBe('/agent-access');
    const { rows } = await db.query('SELECT name FROM identity.members WHERE email = $1', [email.toLowerCase()]);
    expect(rows[0].name).toBe('Dana Reyes');
  });

  it('answers 400 for invalid input, naming the field', async () => {
    const bad = await requestSignInLink(base, 'not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toEqual(expect.any(String));
    const unknown = await api(base, '/api/auth/sign-in/magic-link', { headers: { origin }, body: { email: newEmail(), clientIp: '1.2.3.4' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.clientIp).toBe('Unknown field.');
  });

  it('answers 403 for an untrusted Origin or an absolute callback on a foreign origin, and sends nothing', async () => {
    const email = newEmail();
    const foreign = await requestSignInLink(base, email, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    for (const field of ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL'] as const) {
      const res = await requestSignInLink(base, email, { [field]: 'https://evil.example/steal' });
      expect(res.status, field).toBe(403);
      expect(res.body.fields[field]).toEqual(expect.any(String));
    }
    const protocolRelative = await requestSignInLink(base, email, { callbackURL: '//evil.example/x' });
    expect(protocolRelative.status).toBe(403);
    // Paths a browser reads as another origin: /<TAB>/evil.example is //evil.example; encoded forms too.
    for (const callbackURL of ['/\t/evil.example', '/\n/evil.example', '/%09/evil.example', '/%5Cevil.example']) {
      const res = await requestSignInLink(base, email, { callbackURL });
      expect(res.status, JSON.stringify(callbackURL)).toBe(403);
    }
    expect(await mailTo(mailDir, email.toLowerCase())).toHaveLength(0);
    // Our own origin, absolute, is fine; so is a client that sends no Origin at all (curl, agents).
    const own = await requestSignInLink(base, email, { callbackURL: `${origin}/agent-access` });
    expect(own.status).toBe(200);
    const none = await requestSignInLink(base, email, { origin: null });
    expect(none.status).toBe(200);
  });

  it('allows 5 link requests per minute per client address, then 429 with Retry-After', async () => {
    const ip = randomClientIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await requestSignInLink(base, newEmail(), { ip });
      statuses.push(last.status);
    }
    // The 6th may fall into a new minute window when the run straddles one; then the 7th is limited.
    if (statuses[5] === 200) {
      for (let i = 0; i < 5; i++) last = await requestSignInLink(base, newEmail(), { ip });
    } else {
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    expect(last!.status).toBe(429);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(last!.body.retryAfter).toBe(retryAfter);
    // The count is per address, kept in PostgreSQL.
    const { rows } = await db.query(`SELECT sum(count)::int AS n FROM identity.limit_attempts WHERE bucket = 'magic_links' AND subject = $1`, [ip]);
    expect(rows[0].n).toBeGreaterThanOrEqual(6);
    expect((await requestSignInLink(base, newEmail())).status).toBe(200);
  });

  it('sends at most 10 links an hour to one address, whichever client asks (no inbox can be flooded)', async () => {
    const email = newEmail();
    for (let i = 0; i < 10; i++) expect((await requestSignInLink(base, email, { ip: randomClientIp() })).status).toBe(200);
    const limited = await requestSignInLink(base, email.toUpperCase(), { ip: randomClientIp() });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/one address/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    // Other addresses are unaffected.
    expect((await requestSignInLink(base, newEmail(), { ip: randomClientIp() })).status).toBe(200);
  });
});

describe('client address and redirects', () => {
  it('a client cannot escape the per-address link limit by prepending forged X-Forwarded-For entries', async () => {
    const ip = randomClientIp();
    const statuses: number[] = [];
    // Only the right-most entry (the one our proxy appends) is the client's address.
    for (let i = 0; i < 11 && !statuses.includes(429); i++) {
      const forged = `${randomClientIp()}, ${randomClientIp()}`;
      statuses.push((await requestSignInLink(base, newEmail(), { ip: `${forged}, ${ip}` })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10); // 5 per minute, at most two windows
    const { rows } = await db.query(`SELECT sum(count)::int AS n FROM identity.limit_attempts WHERE bucket = 'magic_links' AND subject = $1`, [ip]);
    expect(rows[0].n).toBeGreaterThanOrEqual(6);
  });

  it('the sign-in page never carries a next path that a browser reads as another origin', async () => {
    for (const next of ['/\t/evil.example', '//evil.example', '/%09/evil.example', '/%5Cevil.example']) {
      const res = await fetch(`${base}/sign-in?next=${encodeURIComponent(next)}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html, next).not.toContain('evil.example');
      expect(html, next).toContain('/agent-access'); // the safe default instead
    }
    const ok = await fetch(`${base}/sign-in?next=${encodeURIComponent('/agent-access?from=test')}`);
    expect(await ok.text()).toContain('/agent-access?from=test');
  });
});

describe('browser sessions', () => {
  it('a session write must be same-origin JSON; API keys are exempt', async () => {
    const member = await signIn(base, mailDir);
    const create = (headers: Record<string, string>, body = '{"name":"csrf check"}') =>
      api(base, '/api/me/api-keys', { method: 'POST', headers, rawBody: body });
    const noOrigin = await create({ cookie: member.cookie, 'content-type': 'application/json' });
    expect(noOrigin.status).toBe(403);
    const foreign = await create({ cookie: member.cookie, origin: 'https://evil.example', 'content-type': 'application/json' });
    expect(foreign.status).toBe(403);
    const plain = await create({ ...sessionHeaders(base, member), 'content-type': 'text/plain' });
    expect(plain.status).toBe(403);
    const foreignReferer = await create({ cookie: member.cookie, referer: 'https://evil.example/page', 'content-type': 'application/json' });
    expect(foreignReferer.status).toBe(403);
    expect((await api(base, '/api/me/api-keys', { headers: { cookie: member.cookie } })).body.keys).toHaveLength(0);

    const ok = await create({ ...sessionHeaders(base, member), 'content-type': 'application/json' });
    expect(ok.status).toBe(201);
    const byReferer = await create({ cookie: member.cookie, referer: `${origin}/agent-access`, 'content-type': 'application/json' });
    expect(byReferer.status).toBe(201);

    // An API key never needs an Origin.
    const poster = await createMember(natsUrl);
    const job = await api(base, '/api/me/jobs', {
      key: poster.key,
      body: { title: 'Sort a spreadsheet', category: 'data', constraints: '## Scope\nSort rows by date.' },
    });
    expect(job.status).toBe(201);
  });

  it('reads with a session need no Origin; no or an ended session is 401 on member routes', async () => {
    const member = await signIn(base, mailDir);
    expect((await api(base, '/api/me/jobs', { headers: { cookie: member.cookie } })).status).toBe(200);
    expect((await api(base, '/api/me/jobs')).status).toBe(401);
    const unknown = await api(base, '/api/me/jobs', { headers: { cookie: `mk_session=${'a'.repeat(43)}` } });
    expect(unknown.status).toBe(401);
    // An ended session's cookie is cleared.
    expect(unknown.headers.get('set-cookie')).toMatch(/mk_session=;/);
  });

  it('sign-out deletes the session server-side and clears the cookie; a cross-site sign-out is refused', async () => {
    const member = await signIn(base, mailDir);
    const crossSite = await api(base, '/api/auth/sign-out', { headers: { cookie: member.cookie, origin: 'https://evil.example' }, body: {} });
    expect(crossSite.status).toBe(403);
    expect((await api(base, '/api/account/admin', { headers: { cookie: member.cookie } })).status).toBe(200);

    const out = await api(base, '/api/auth/sign-out', { headers: sessionHeaders(base, member), body: {} });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ signedOut: true });
    expect(out.headers.get('set-cookie')).toMatch(/mk_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    const { rows } = await db.query('SELECT 1 FROM identity.sessions WHERE token_hash = $1', [sha256(member.token)]);
    expect(rows).toHaveLength(0);
    expect((await api(base, '/api/account/admin', { headers: { cookie: member.cookie } })).status).toBe(401);
    expect((await api(base, '/api/auth/sign-out', { headers: { origin }, body: {} })).status).toBe(200);
  });

  it('sessions expire, and slide forward (with a renewed cookie) while used', async () => {
    const member = await signIn(base, mailDir);
    const hash = sha256(member.token);
    await db.query(`UPDATE identity.sessions SET renewed_at = now() - interval '2 days', expires_at = now() + interval '1 day' WHERE token_hash = $1`, [hash]);
    const used = await api(base, '/api/account/admin', { headers: { cookie: member.cookie } });
    expect(used.status).toBe(200);
    expect(used.headers.get('set-cookie')).toMatch(/mk_session=.*Max-Age=259\d{4}/);
    const { rows } = await db.query(`SELECT expires_at > now() + interval '29 days' AS slid FROM identity.sessions WHERE token_hash = $1`, [hash]);
    expect(rows[0].slid).toBe(true);

    await db.query(`UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    expect((await api(base, '/api/account/admin', { headers: { cookie: member.cookie } })).status).toBe(401);
  });

  it('sessions end 90 days after sign-in however much they are used: sliding stops at that limit', async () => {
    const member = await signIn(base, mailDir);
    const hash = sha256(member.token);
    // Signed in almost 90 days ago and used daily: the slide may reach day 90 and no further.
    await db.query(
      `UPDATE identity.sessions SET created_at = now() - interval '89 days 12 hours',
      renewed_at = now() - interval '2 days', expires_at = now() + interval '1 hour' WHERE token_hash = $1`,
      [hash],
    );
    const used = await api(base, '/api/account/admin', { headers: { cookie: member.cookie } });
    expect(used.status).toBe(200);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(used.headers.get('set-cookie') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(11 * 3600);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    const { rows } = await db.query(
      `SELECT expires_at <= created_at + interval '90 days' AS capped, expires_at > now() + interval '11 hours' AS slid
      FROM identity.sessions WHERE token_hash = $1`,
      [hash],
    );
    expect(rows[0]).toEqual({ capped: true, slid: true });

    // Past the absolute lifetime the session is over, even with an expiry still ahead.
    await db.query(
      `UPDATE identity.sessions SET created_at = now() - interval '90 days 1 minute', expires_at = now() + interval '20 days' WHERE token_hash = $1`,
      [hash],
    );
    const ended = await api(base, '/api/account/admin', { headers: { cookie: member.cookie } });
    expect(ended.status).toBe(401);
    expect(ended.headers.get('set-cookie')).toMatch(/mk_session=;/);
  });

  it("sign out everywhere ends every browser session of the member (this one too), not other members' or API keys", async () => {
    const email = newEmail();
    const laptop = await signIn(base, mailDir, { email });
    const phone = await signIn(base, mailDir, { email });
    const someoneElse = await signIn(base, mailDir);
    const key = await api(base, '/api/me/api-keys', {
      headers: { ...sessionHeaders(base, laptop), 'content-type': 'application/json' },
      body: { name: 'script' },
    });
    expect(key.status).toBe(201);

    const crossSite = await api(base, '/api/me/sessions/end-all', { headers: { cookie: laptop.cookie, origin: 'https://evil.example' }, body: {} });
    expect(crossSite.status).toBe(403);
    expect((await api(base, '/api/me/sessions/end-all', { body: {} })).status).toBe(401);

    const out = await api(base, '/api/me/sessions/end-all', { headers: sessionHeaders(base, laptop), body: {} });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toEqual({ ended: 2 });
    for (const session of [laptop, phone]) {
      expect((await api(base, '/api/account/admin', { headers: { cookie: session.cookie } })).status).toBe(401);
    }
    expect((await api(base, '/api/account/admin', { headers: { cookie: someoneElse.cookie } })).status).toBe(200);
    expect((await api(base, '/api/account/admin', { key: key.body.key })).status).toBe(200);
    // An API key may do it too (say, from another machine); with no sessions left it ends none.
    expect((await api(base, '/api/me/sessions/end-all', { key: key.body.key, body: {} })).body).toEqual({ ended: 0 });

    const spec = await api(base, '/api/openapi.json');
    expect(spec.body.paths['/api/me/sessions/end-all'].post).toBeDefined();
  });

  it('a member whose email is unverified is refused member operations with 403', async () => {
    const member = await createMember(natsUrl);
    await db.query('UPDATE identity.members SET email_verified_at = NULL WHERE id = $1', [member.id]);
    const jobs = await api(base, '/api/me/jobs', {
      key: member.key,
      body: { title: 'Label photos', category: 'data', constraints: '## Scope\nLabel 100 photos.' },
    });
    expect(jobs.status).toBe(403);
    expect((await api(base, '/api/me/jobs', { key: member.key })).status).toBe(403);
    expect((await api(base, '/api/me/api-keys', { key: member.key })).status).toBe(403);
  });
});

describe('sign-in methods', () => {
  it('GET /api/auth-methods and readiness report email links, and API keys', async () => {
    const methods = await api(base, '/api/auth-methods');
    expect(methods.status).toBe(200);
    const ids = methods.body.methods.map((m: { id: string }) => m.id);
    expect(ids).toContain('magic_link');
    expect(ids).toContain('api_key');
    const ready = await api(base, '/api/health/ready');
    expect(ready.body.signInMethods).toEqual(ids);
  });

  it('without SMTP_URL the email link answers 404 and is not offered; a mail server that fails is 503 with no link left', async () => {
    const email = newEmail();
    try {
      await restartIdentity({ SMTP_URL: '' });
      const res = await requestSignInLink(base, email);
      expect(res.status).toBe(404);
      const methods = await api(base, '/api/auth-methods');
      expect(methods.body.methods.map((m: { id: string }) => m.id)).not.toContain('magic_link');
      const ready = await api(base, '/api/health/ready');
      expect(ready.body.signInMethods).not.toContain('magic_link');
      const page = await fetch(`${base}/sign-in`);
      expect(await page.text()).toMatch(/not available/);

      await restartIdentity({ SMTP_URL: 'smtp://127.0.0.1:1' });
      const failed = await requestSignInLink(base, email);
      expect(failed.status).toBe(503);
      expect(failed.headers.get('retry-after')).toBeTruthy();
      const { rows } = await db.query('SELECT 1 FROM identity.magic_links WHERE email = $1', [email.toLowerCase()]);
      expect(rows).toHaveLength(0);
    } finally {
      await restartIdentity({});
    }
    expect((await requestSignInLink(base, newEmail())).status).toBe(200);
  });
});
