import { randomUUID } from 'node:crypto';

import { api, openAs, pageProblemsAtWidths, type TestMember, until } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/**
 * Two people, each only in the browser, from a job posted on a form to both ratings being public:
 * one posts and hires, the other applies, talks and works. Every page on the way passes axe and
 * fits a phone and a desktop, with its screenshots kept.
 */

const stage = webStage(2);
const { base } = stage;

let browser: Browser, poster: TestMember, worker: TestMember;
beforeAll(() => {
  browser = stage.browser();
  [poster, worker] = stage.members() as [TestMember, TestMember];
});

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `journey-${name}`)).toEqual([]);
}

const notice = (page: Page, text: string) => page.locator('#notice').filter({ hasText: text }).waitFor();

describe('a job from start to finish in the browser', () => {
  it('post on a form, apply, hire, talk, turn in, approve and rate: both ratings are public', async () => {
    const title = `Journey logo ${randomUUID().slice(0, 6)}`;

    // The poster posts from the form and lands on the job's own page.
    const asPoster = await openAs(browser, base, stage.session(poster), '/me/jobs/new');
    await checkPage(asPoster.page, 'post-form');
    await asPoster.page.fill('#job-title', title);
    await asPoster.page.selectOption('#job-category', 'design');
    await asPoster.page.fill('#job-constraints', '## Brief\n\nDraw a **logo** for a bakery.');
    await asPoster.page.click('#job-submit');
    await notice(asPoster.page, 'posted');
    const jobId = new URL(asPoster.page.url()).pathname.split('/')[3]!;
    await checkPage(asPoster.page, 'posted');

    // The worker finds it on the board and applies from the job page.
    const asWorker = await openAs(browser, base, stage.session(worker), '/');
    await asWorker.page.getByRole('link', { name: title }).click();
    await asWorker.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await asWorker.page.getByLabel('Your pitch').fill('Bakery logos are my favourite.');
    await asWorker.page.getByLabel(/I take responsibility/).check();
    await asWorker.page.getByRole('button', { name: 'Send application' }).click();
    await notice(asWorker.page, 'Your application is sent');
    await checkPage(asWorker.page, 'applied');

    // The poster hires from the job's applications and sees the worker's contact.
    await asPoster.page.goto(`${base}/me/jobs/${jobId}`);
    await asPoster.page.getByText('Bakery logos are my favourite.').waitFor();
    await checkPage(asPoster.page, 'applications');
    await asPoster.page.getByRole('button', { name: `Hire ${worker.name}` }).click();
    await notice(asPoster.page, 'Hired');
    expect(await asPoster.page.textContent('main')).toContain(worker.email);

    // They talk: the worker starts from the application, the poster answers from the alert.
    await asWorker.page.goto(`${base}/me/applications`);
    await asWorker.page.locator('.card').filter({ hasText: title }).getByRole('link', { name: 'Messages with the poster' }).click();
    await asWorker.page.getByRole('textbox', { name: /Message to/ }).fill('Any colours you love?');
    await asWorker.page.getByRole('button', { name: 'Send' }).click();
    await asWorker.page.getByRole('status').filter({ hasText: 'Sent.' }).waitFor();
    await checkPage(asWorker.page, 'conversation');
    // The alert is written a moment after the message: the history is reloaded until it is there.
    await until(
      async () => {
        await asPoster.page.goto(`${base}/me/notifications`);
        return (await asPoster.page.getByRole('link', { name: 'Read the message' }).count()) > 0 || undefined;
      },
      { timeoutMs: 15_000, intervalMs: 250, what: 'the message alert' },
    );
    await asPoster.page.getByRole('link', { name: 'Read the message' }).first().click();
    await asPoster.page.getByText('Any colours you love?').waitFor();
    await asPoster.page.getByRole('textbox', { name: /Message to/ }).fill('Warm browns, please.');
    await asPoster.page.getByRole('button', { name: 'Send' }).click();
    await asPoster.page.getByRole('status').filter({ hasText: 'Sent.' }).waitFor();
    // The worker's inbox counts the answer as unread.
    await asWorker.page.goto(`${base}/me/messages`);
    expect(await asWorker.page.locator('.card').filter({ hasText: title }).locator('.unread').textContent()).toBe('1 unread');
    await checkPage(asWorker.page, 'inbox');

    // The worker turns the work in from the work page.
    await asWorker.page.goto(`${base}/me/applications`);
    await asWorker.page.locator('.card').filter({ hasText: title }).getByRole('link', { name: 'Open the work page' }).click();
    await asWorker.page.getByLabel('What you did and how to check it').fill('Two **logo** drafts in warm browns.');
    await asWorker.page.getByLabel('Link 1 address').fill('https://example.com/bakery-logos');
    await asWorker.page.getByRole('button', { name: 'Turn in' }).click();
    await notice(asWorker.page, 'Your work is turned in');
    await checkPage(asWorker.page, 'turned-in');

    // The poster approves with a rating; the worker rates the poster.
    await asPoster.page.goto(`${base}/jobs/${jobId}/work`);
    await asPoster.page.locator('#round-1').waitFor();
    await checkPage(asPoster.page, 'review');
    await asPoster.page.getByLabel('Score').selectOption('5');
    await asPoster.page.getByLabel('Your rating in words').fill('Lovely bakery logos.');
    await asPoster.page.getByRole('button', { name: 'Approve and rate the worker' }).click();
    await notice(asPoster.page, 'The work is approved');
    await asWorker.page.reload();
    await asWorker.page.getByLabel('Score').selectOption('5');
    await asWorker.page.getByLabel('Your rating in words').fill('A clear and friendly poster.');
    await asWorker.page.getByRole('button', { name: 'Rate the poster' }).click();
    await notice(asWorker.page, 'The job is complete');
    await checkPage(asWorker.page, 'complete');

    // Both ratings are on the public member pages, for anyone.
    const workerPage = await openAs(browser, base, null, `/members/${worker.id}`);
    await workerPage.page.getByText('Lovely bakery logos.').waitFor();
    const posterPage = await openAs(browser, base, null, `/members/${poster.id}`);
    await posterPage.page.getByText('A clear and friendly poster.').waitFor();
    await checkPage(posterPage.page, 'poster-public');
    const work = await api(base, `/api/jobs/${jobId}/work`, { key: poster.key });
    expect(work.body).toMatchObject({ status: 'completed', ratings: { byPoster: { score: 5 }, byWorker: { score: 5 } } });
    for (const opened of [asPoster, asWorker, workerPage, posterPage]) expect(opened.problems).toEqual([]);
  });
});
