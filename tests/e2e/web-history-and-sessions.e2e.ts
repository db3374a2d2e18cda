import { randomUUID } from 'node:crypto';

import { api, axeViolations, checkLayout, DESKTOP_WIDTH, openAs, PHONE_WIDTH, signIn, type TestMember } from '@marketplace/testing';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/** A job's earlier versions, how my jobs do, and signing out everywhere, in the browser. */

const stage = webStage(2, { signedIn: [] });
const { base, mailDir } = stage;

let browser: Browser, poster: TestMember, reader: TestMember;
beforeAll(() => {
  browser = stage.browser();
  [poster, reader] = stage.members() as [TestMember, TestMember];
});

describe('history and sessions in the browser', () => {
  it('a job edited twice links its versions; each version reads as it was published', async () => {
    const title = `Versioned ${randomUUID().slice(0, 6)}`;
    const job = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'writing', constraints: 'First **brief**.' } });
    expect(job.status).toBe(201);
    for (const constraints of ['Second brief.', 'Third brief.']) {
      expect((await api(base, `/api/me/jobs/${job.body.id}`, { key: poster.key, method: 'PATCH', body: { constraints } })).status).toBe(200);
    }
    const { page, problems } = await openAs(browser, base, null, `/jobs/${job.body.id}`);
    await page.getByRole('link', { name: 'Version 3: see earlier versions' }).click();
    await page.getByRole('heading', { level: 1, name: `Versions of ${title}` }).waitFor();
    expect(await page.locator('.cards h2').allTextContents()).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Version 1' }).click();
    expect(await page.locator('.markdown strong').textContent()).toBe('brief');
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
      await page.setViewportSize({ width, height: 900 });
      expect((await checkLayout(page, 'history-version')).overflow).toBe(0);
    }
    expect((await fetch(`${base}/jobs/${job.body.id}/versions/9`)).status).toBe(404);
    expect(problems).toEqual([]);
  });

  it('shows the poster how their jobs do over 7, 30 or 90 days', async () => {
    const session = (await signIn(base, mailDir, { email: poster.email })).token;
    // The reader opens the poster's newest job, which counts a view.
    const { body } = await api(base, '/api/me/jobs', { key: poster.key });
    const job = body.jobs[0];
    expect((await api(base, `/api/jobs/${job.id}/details`, { key: reader.key })).status).toBe(200);
    const { page, problems } = await openAs(browser, base, session, '/me/jobs');
    await page.getByRole('link', { name: 'How my jobs do' }).click();
    await page.getByRole('heading', { level: 1, name: 'How my jobs do' }).waitFor();
    const row = page.locator('tr').filter({ has: page.getByRole('link', { name: job.title }) });
    expect(Number(await row.locator('td').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await page.getByRole('link', { name: '7 days' }).click();
    expect(await page.locator('[aria-current="page"]').textContent()).toBe('7 days');
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
      await page.setViewportSize({ width, height: 900 });
      expect((await checkLayout(page, 'history-performance')).overflow).toBe(0);
    }
    expect(problems).toEqual([]);
  });

  it('signs out everywhere: both browsers of the member are signed out, the API key still works', async () => {
    const [first, second] = [await signIn(base, mailDir, { email: reader.email }), await signIn(base, mailDir, { email: reader.email })];
    const { page } = await openAs(browser, base, first.token, '/me/settings');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.locator('#notice').filter({ hasText: 'You are signed out in every browser' }).waitFor();
    for (const s of [first, second]) {
      const res = await fetch(`${base}/me`, { headers: { cookie: s.cookie }, redirect: 'manual' });
      expect(res.status).toBe(302);
    }
    expect((await api(base, '/api/me', { key: reader.key })).status).toBe(200);
  });
});
