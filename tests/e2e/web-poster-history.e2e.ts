import { randomUUID } from 'node:crypto';

import { api, createMembers, DESKTOP_WIDTH, openAs, pageProblemsAtWidths, type TestMember } from '@marketplace/testing';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/** My jobs in Chromium: a closed job found by the status filter, posted again, and the list in pages. */

const stage = webStage(2);
const { base } = stage;
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

let browser: Browser, poster: TestMember, worker: TestMember;
beforeAll(() => {
  browser = stage.browser();
  [poster, worker] = stage.members() as [TestMember, TestMember];
});

async function postJob(title: string): Promise<string> {
  const res = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'research', constraints: '## Scope\nFind the **sources**.' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `web-poster-history-${name}`)).toEqual([]);
}

const cardTitles = (page: Page) => page.locator('#my-jobs .card h2').allInnerTexts();

describe("a poster's history in the browser", () => {
  it('the status filter shows a closed job with its applicant, Post again makes an open copy, and the list pages', async () => {
    const tag = randomUUID().slice(0, 6);
    const closedTitle = `Closed survey ${tag}`;
    const closedId = await postJob(closedTitle);
    expect(
      (
        await api(base, `/api/jobs/${closedId}/applications`, {
          key: worker.key,
          body: { pitch: 'I know the sources.', acceptResponsibility: true, model: 'test-model-1' },
        })
      ).status,
    ).toBe(201);
    expect((await api(base, `/api/me/jobs/${closedId}/close`, { method: 'POST', key: poster.key })).status).toBe(200);
    const expiredId = await postJob(`Expired survey ${tag}`);
    await db.query(`UPDATE jobs.jobs SET closes_at = now() - interval '1 second' WHERE id = $1`, [expiredId]);
    const openId = await postJob(`Open survey ${tag}`);
    // A longer history than one page (ten), older than the jobs above: copies written straight to
    // the jobs table, as a member's daily posting limit would not allow that many today.
    await db.query(
      `INSERT INTO jobs.jobs (id, poster_id, poster_visibility, title, category, constraints, status, safety_hidden, created_at,
         version, updated_at, closes_at, applicants, preferred_workers)
       SELECT gen_random_uuid(), poster_id, poster_visibility, 'Older survey ' || g, category, constraints, 'open', false,
         created_at - make_interval(days => g), 1, NULL, closes_at, 0, '[]'::jsonb
       FROM jobs.jobs, generate_series(1, 9) AS g WHERE id = $1`,
      [openId],
    );

    // Every job, newest first, ten a page: the older ones are a click away.
    const list = await openAs(browser, base, stage.session(poster), '/me/jobs', { width: DESKTOP_WIDTH });
    const { page } = list;
    await page.locator('#jobs-total').filter({ hasText: '12 jobs in all' }).waitFor();
    const first = await cardTitles(page);
    expect(first).toHaveLength(10);
    expect(first.slice(0, 3)).toEqual([`Open survey ${tag}`, `Expired survey ${tag}`, closedTitle]);
    expect(await page.locator(`#job-${expiredId} .status`).innerText()).toBe('Expired');
    expect(await page.getByRole('link', { name: 'Previous page' }).count()).toBe(0);
    await checkPage(page, 'my-jobs');
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/\/me\/jobs\?offset=10$/);
    expect(await cardTitles(page)).toEqual(['Older survey 8', 'Older survey 9']);
    expect(await page.getByRole('link', { name: 'Next page' }).count()).toBe(0);
    await checkPage(page, 'my-jobs-page-2');
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(/\/me\/jobs\?offset=0$/);
    expect(await cardTitles(page)).toEqual(first);

    // The filter: closed ones only, then the closed job's own page with its applicant.
    await page.getByLabel('Show').selectOption({ label: 'Closed' });
    await page.getByRole('button', { name: 'Show jobs' }).click();
    await page.waitForURL(/\/me\/jobs\?status=closed$/);
    expect(await cardTitles(page)).toEqual([closedTitle]);
    await page.locator('#jobs-total').filter({ hasText: '1 job closed' }).waitFor();
    await checkPage(page, 'my-jobs-closed');
    await page.getByLabel('Show').selectOption({ label: 'Expired' });
    await page.getByRole('button', { name: 'Show jobs' }).click();
    await page.waitForURL(/\/me\/jobs\?status=expired$/);
    expect(await cardTitles(page)).toEqual([`Expired survey ${tag}`]);
    // The expired job's own page says Expired too, not Closed, and why it waits on nothing.
    await page.getByRole('link', { name: `Expired survey ${tag}` }).click();
    await page.getByRole('heading', { level: 1, name: `Expired survey ${tag}` }).waitFor();
    expect(await page.locator('#job-status').innerText()).toBe('Expired');
    expect(await page.locator('.waits').innerText()).toContain('time ran out');
    await checkPage(page, 'expired-job');
    await page.goBack();
    await page.waitForURL(/\/me\/jobs\?status=expired$/);
    await page.getByLabel('Show').selectOption({ label: 'Closed' });
    await page.getByRole('button', { name: 'Show jobs' }).click();
    await page.waitForURL(/\/me\/jobs\?status=closed$/);

    await page.getByRole('link', { name: closedTitle }).click();
    await page.getByRole('heading', { level: 1, name: closedTitle }).waitFor();
    expect(await page.locator('#job-status').innerText()).toBe('Closed');
    const applicant = page.locator('#applications .application');
    expect(await applicant.count()).toBe(1);
    expect(await applicant.innerText()).toContain(worker.name);
    expect(await applicant.locator('.status').innerText()).toBe('Declined');
    await checkPage(page, 'closed-job');

    // Post again: a new open job at version 1; the closed one stays as it was.
    await page.getByRole('button', { name: 'Post again' }).click();
    await page.locator('#notice').filter({ hasText: 'Posted again' }).waitFor();
    const copyId = new URL(page.url()).pathname.split('/')[3]!;
    expect(copyId).not.toBe(closedId);
    expect(await page.locator('#job-status').innerText()).toBe('Open');
    expect(await page.locator('p.meta', { has: page.locator('#job-status') }).innerText()).toContain('version 1');
    expect(await page.locator('#no-applications').count()).toBe(1);
    await checkPage(page, 'reposted');
    const copy = await api(base, `/api/jobs/${copyId}`);
    expect(copy.body).toMatchObject({ title: closedTitle, status: 'open', version: 1, constraints: '## Scope\nFind the **sources**.' });
    const original = await api(base, `/api/jobs/${closedId}/details`, { key: poster.key });
    expect(original.body).toMatchObject({ status: 'closed', version: 1 });
    expect((await api(base, `/api/me/jobs/${closedId}/applications`, { key: poster.key })).body.total).toBe(1);
    expect(list.problems).toEqual([]);
  });

  it("a job's applications come ten a page, with next and previous links", async () => {
    const jobId = await postJob(`Crowded survey ${randomUUID().slice(0, 6)}`);
    const applicants = await createMembers(stage.nats, 11);
    for (const m of applicants) {
      const res = await api(base, `/api/jobs/${jobId}/applications`, {
        key: m.key,
        body: { pitch: `I am ${m.name}.`, acceptResponsibility: true, model: 'test-model-1' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const { page, problems } = await openAs(browser, base, stage.session(poster), `/me/jobs/${jobId}`, { width: DESKTOP_WIDTH });
    const names = () => page.locator('#applications .application h3 a').allInnerTexts();
    // Oldest first: the first ten, then the eleventh alone.
    expect(await names()).toEqual(applicants.slice(0, 10).map((m) => m.name));
    expect(await page.locator('.waits').innerText()).toContain('11 applications wait');
    await checkPage(page, 'job-applications');
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(new RegExp(`/me/jobs/${jobId}\\?offset=10$`));
    expect(await names()).toEqual([applicants[10]!.name]);
    expect(await page.locator('.waits').innerText()).toContain('11 applications wait');
    await checkPage(page, 'job-applications-page-2');
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(new RegExp(`/me/jobs/${jobId}\\?offset=0$`));
    expect(await names()).toHaveLength(10);
    expect(problems).toEqual([]);
  });
});
