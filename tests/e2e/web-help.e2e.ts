import { randomUUID } from 'node:crypto';

import { api, openAs, pageProblemsAtWidths, type TestMember } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/** Asking the team for help, reporting problems and ideas, and reporting content, from the browser. */

const stage = webStage(2, { signedIn: [1] });
const { base } = stage;

let browser: Browser, poster: TestMember, reader: TestMember;
let session: string;
beforeAll(() => {
  browser = stage.browser();
  [poster, reader] = stage.members() as [TestMember, TestMember];
  session = stage.session(reader);
});

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `help-${name}`)).toEqual([]);
}

describe('help and reports in the browser', () => {
  it('asks the team for help (a refused card number first), reports a problem and asks for a feature', async () => {
    const { page, problems } = await openAs(browser, base, session, '/help', { allowStatus: (s) => s === 400 });
    await checkPage(page, 'forms');
    await page.getByLabel('What is it about?').selectOption('refund');
    await page.getByLabel('What happened and what you need').fill('Charged twice, card 4242 4242 4242 4242.');
    await page.getByRole('button', { name: 'Send to the team' }).click();
    await page.locator('#help-message-error').waitFor();
    expect(await page.getByLabel('What happened and what you need').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'refused');
    await page.getByLabel('What happened and what you need').fill('I was charged twice for one job.');
    await page.getByRole('button', { name: 'Send to the team' }).click();
    // A refund is support's, and the member is told so.
    await page.locator('#notice').filter({ hasText: 'Your request is with support' }).waitFor();
    await page.getByLabel('What is it about?').selectOption('question');
    await page.getByLabel('What happened and what you need').fill('How do payouts work?');
    await page.getByRole('button', { name: 'Send to the team' }).click();
    await page.locator('#notice').filter({ hasText: 'Your request is with the team' }).waitFor();

    await page.getByLabel('What you did, what you expected and what happened').fill('The board did not load on my phone.');
    await page.getByRole('button', { name: 'Report the problem' }).click();
    await page.locator('#notice').filter({ hasText: 'the problem is reported' }).waitFor();

    await page.getByLabel('The feature in one line').fill('Saved searches');
    await page.getByLabel('What it should do and why').fill('Tell me when a job matching my search is posted.');
    await page.getByRole('button', { name: 'Send the idea' }).click();
    await page.locator('#notice').filter({ hasText: 'your idea is with the team' }).waitFor();
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
  });

  it('reports a job from its page once; the report is listed under my reports, and a second one is refused', async () => {
    const job = await api(base, '/api/me/jobs', {
      key: poster.key,
      body: { title: `Report me ${randomUUID().slice(0, 6)}`, category: 'data', constraints: 'Buy followers.' },
    });
    expect(job.status).toBe(201);
    const { page, problems } = await openAs(browser, base, session, `/jobs/${job.body.id}`, { allowStatus: (s) => s === 409 });
    await page.getByRole('link', { name: 'Report this job' }).click();
    await page.getByRole('heading', { level: 1, name: 'Report this job to the moderators' }).waitFor();
    await checkPage(page, 'report-job');
    await page.getByLabel('What is wrong with it?').selectOption('scam');
    await page.getByLabel('Details (optional)').fill('Asks for payment outside the site.');
    await page.getByRole('button', { name: 'Send the report' }).click();
    await page.locator('#notice').filter({ hasText: 'the moderators have your report' }).waitFor();
    expect(await page.textContent('main')).toContain('Asks for payment outside the site.');
    const mine = await api(base, '/api/me/content-reports', { key: reader.key });
    expect(mine.body.reports).toEqual([expect.objectContaining({ kind: 'job', itemId: job.body.id, reason: 'scam', status: 'open' })]);

    // One open report per item: the second is refused on the form, in words.
    await page.goto(`${base}/report/job/${job.body.id}`);
    await page.getByRole('button', { name: 'Send the report' }).click();
    await page.locator('#notice.error').waitFor();
    expect(page.url()).toBe(`${base}/report/job/${job.body.id}`);
    expect(problems.filter((p) => !p.includes('409'))).toEqual([]);

    // The poster's public page offers the same to members.
    await page.goto(`${base}/members/${poster.id}`);
    expect(await page.getByRole('link', { name: 'Report this member' }).getAttribute('href')).toBe(`/report/member/${poster.id}`);
  });
});
