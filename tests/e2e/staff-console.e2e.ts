import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { api, createMember, launchBrowser, mailTo, pngSize, sessionHeaders, signIn, type TestMember, until } from '@marketplace/testing';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { joinWaitlist } from './support/waitlist.js';

/** The staff console at /admin: signed-in staff only, driven in Chromium at phone and desktop widths. */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });

afterAll(async () => {
  await db.end();
});

const CONSOLE_PAGES = [
  '/admin',
  '/admin/content-reports',
  '/admin/waitlist',
  '/admin/audit-log',
  '/admin/help-requests',
  '/admin/problem-reports',
  '/admin/feature-requests',
  '/admin/invites',
  '/admin/mcp-usage',
];

/** The screenshot of a console page is kept as `<shotName>-<width>.png`. */
const shotName = (path: string) => path.slice(1).replace(/\//g, '_');

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; location: string | null; text: string }> {
  const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

describe('who may open the staff console', () => {
  it('signed out: every page sends the visitor to sign in and back; a member who is not staff gets the 403 page', async () => {
    const member = await signIn(base, mailDir);
    for (const path of CONSOLE_PAGES) {
      const out = await get(path);
      expect(out.status, path).toBe(302);
      expect(out.location, path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
      const refused = await get(path, { cookie: member.cookie });
      expect(refused.status, path).toBe(403);
      expect(refused.text, path).toContain('<h1>Staff only</h1>');
      expect(refused.text, path).toContain('class="site-header"');
    }
    const post = await fetch(`${base}/admin/waitlist/${randomUUID()}/invite`, {
      method: 'POST',
      headers: { ...sessionHeaders(base, member), 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(post.status).toBe(403);
  });

  it('a staff session posting from another site is refused, and nothing changes', async () => {
    const staff = await signIn(base, mailDir, { email: `ops-${randomUUID().slice(0, 8)}@staff.example.test` });
    const email = `cross-${randomUUID().slice(0, 8)}@example.test`;
    const entryId = await joinWaitlist(base, db, email);
    const res = await fetch(`${base}/admin/waitlist/${entryId}/invite`, {
      method: 'POST',
      headers: { cookie: staff.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(403);
    expect((await db.query('SELECT invited_at FROM identity.waitlist WHERE id = $1', [entryId])).rows[0].invited_at).toBeNull();
  });
});

describe('the staff console in Chromium', () => {
  let browser: Browser;
  let staffCookie: string;
  let poster: TestMember;
  let reporter: TestMember;
  const shots = mkdtempSync(join(tmpdir(), 'marketplace-admin-'));

  beforeAll(async () => {
    browser = await launchBrowser();
    const staff = await signIn(base, mailDir, { email: `desk-${randomUUID().slice(0, 8)}@staff.example.test` });
    staffCookie = staff.token;
    [poster, reporter] = await Promise.all([createMember(nats), createMember(nats)]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, path: string): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: 'mk_session', value: staffCookie, url: base }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`${res.status()}: ${res.url()}`);
    });
    const res = await page.goto(`${base}${path}`, { waitUntil: 'load' });
    expect(res!.status(), path).toBe(200);
    return { page, problems };
  }

  async function fits(page: Page, name: string, width: number): Promise<void> {
    // Computed style proves the one stylesheet applied (CSP would block an inline one).
    expect(await page.evaluate(() => getComputedStyle(document.body).margin), name).toBe('0px');
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `${name} at ${width}px overflows`).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }

  it('removes a reported job and restores it with reasons, through the moderation queue', async () => {
    const job = await api(base, '/api/me/jobs', {
      key: poster.key,
      body: { title: `Console ${randomUUID().slice(0, 6)} job`, category: 'data', constraints: '## Scope\nSort files.' },
    });
    const report = await api(base, '/api/content-reports', {
      key: reporter.key,
      body: { kind: 'job', itemId: job.body.id, reason: 'spam', details: 'Posted ten times' },
    });
    const { page, problems } = await open(1280, '/admin/content-reports');
    const card = page.locator(`#report-${report.body.id}`);
    await card.getByText('Posted ten times').waitFor();
    await card.getByLabel(/Reason/).fill('Duplicate spam');
    await card.getByRole('button', { name: 'Remove job' }).click();
    await page.getByRole('status').filter({ hasText: 'Removed. The owner is told why.' }).waitFor();
    expect((await api(base, `/api/jobs/${job.body.id}`, { key: reporter.key })).status).toBe(404);

    await page.getByRole('link', { name: 'removed', exact: true }).click();
    const removed = page.locator(`#report-${report.body.id}`);
    await removed.getByText('Duplicate spam').waitFor();
    await removed.getByLabel(/Reason/).fill('Appeal: not a duplicate');
    await removed.getByRole('button', { name: 'Restore after appeal' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored.' }).waitFor();
    expect((await api(base, `/api/jobs/${job.body.id}`, { key: reporter.key })).status).toBe(200);

    // An empty reason is refused by the browser before anything is sent.
    const second = await api(base, '/api/content-reports', { key: reporter.key, body: { kind: 'member', itemId: poster.id, reason: 'spam' } });
    await page.goto(`${base}/admin/content-reports`);
    // A reported member links to their public page, for staff to look at before deciding.
    expect(await page.locator(`#report-${second.body.id} a[href="/members/${poster.id}"]`).count()).toBe(1);
    await page.locator(`#report-${second.body.id}`).getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.locator(`#report-${second.body.id} input[name=reason]`).evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('invites from the waitlist once, and the audit log shows every action', async () => {
    const email = `console-${randomUUID().slice(0, 8)}@example.test`;
    await joinWaitlist(base, db, email);
    const { page, problems } = await open(1280, '/admin/waitlist');
    await page.getByRole('button', { name: `Invite ${email}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Invited ${email}` })
      .waitFor();
    await until(async () => ((await mailTo(mailDir, email)).length === 1 ? true : undefined));
    await page.getByRole('link', { name: 'invited', exact: true }).click();
    await page.getByRole('cell', { name: email }).waitFor();

    await page.goto(`${base}/admin/audit-log`);
    await page.getByRole('cell', { name: 'Appeal: not a duplicate' }).waitFor();
    await page.getByRole('cell', { name: 'Duplicate spam' }).waitFor();
    await until(async () => {
      await page.reload();
      return (await page.getByRole('cell', { name: 'invite_from_waitlist' }).count()) > 0 ? true : undefined;
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px every console page fits the width and loads with no errors`, async () => {
      await api(base, '/api/help', { key: reporter.key, body: { topic: 'question', message: `A long question ${'word '.repeat(80)}${'x'.repeat(120)}` } });
      for (const path of CONSOLE_PAGES) {
        const { page, problems } = await open(width, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await fits(page, shotName(path), width);
        expect(problems, path).toEqual([]);
        await page.context().close();
      }
    });
  }

  it('saved a whole screenshot of every console page at each width, outside the repository', () => {
    expect(relative(process.cwd(), shots).startsWith('..'), shots).toBe(true);
    for (const width of [390, 1280]) {
      for (const path of CONSOLE_PAGES) {
        const file = `${shotName(path)}-${width}.png`;
        const size = pngSize(join(shots, file));
        // A full-page shot is as wide as the page: the viewport's width when nothing overflows.
        expect(size.width, file).toBe(width);
        expect(size.height, file).toBeGreaterThan(0);
      }
    }
    console.log(`screenshots in ${shots}`);
  });
});
