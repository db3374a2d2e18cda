import { randomBytes, randomUUID } from 'node:crypto';

import { FILE_LIMITS } from '@marketplace/contracts';
import { api, DESKTOP_WIDTH, openAs, pageProblemsAtWidths, type TestMember } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/** A member applies, works and talks on a job in Chromium, with the poster on the other side of each step. */

const stage = webStage(2);
const { base } = stage;

let browser: Browser, poster: TestMember, worker: TestMember;
beforeAll(() => {
  browser = stage.browser();
  [poster, worker] = stage.members() as [TestMember, TestMember];
});

async function postJob(title: string): Promise<string> {
  const res = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'design', constraints: '## Brief\nDraw a **logo**.' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Opens a page as a member (or nobody) at the desktop width. */
async function open(member: TestMember | null, path: string, allowStatus?: (status: number, url: string) => boolean) {
  return openAs(browser, base, member ? stage.session(member) : null, path, { width: DESKTOP_WIDTH, allowStatus });
}

/** The page as it is now passes axe, and at phone and desktop width it fits with a screenshot kept. */
async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `web-apply-work-${name}`)).toEqual([]);
}

const notice = (page: Page, text: string | RegExp) => page.locator('#notice').filter({ hasText: text }).waitFor();

describe('applying and working on a job in the browser', () => {
  it('apply (after a field error), hire, two rounds, approve with a rating, rate the poster: both ratings public', async () => {
    const title = `Browser logo ${randomUUID().slice(0, 6)}`;
    const jobId = await postJob(title);

    // The worker applies on the job page; forgetting the responsibility box is refused next to the box.
    const job = await open(worker, `/jobs/${jobId}`, (s) => s === 400);
    await checkPage(job.page, 'job-apply');
    await job.page.getByLabel('Your pitch').fill('I have drawn logos for ten years.');
    await job.page.getByRole('button', { name: 'Send application' }).click();
    const box = job.page.getByLabel(/I take responsibility/);
    await job.page.locator('#apply-acceptResponsibility-error').waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await job.page.getByLabel('Your pitch').inputValue()).toBe('I have drawn logos for ten years.');
    await checkPage(job.page, 'job-apply-error');
    await box.check();
    await job.page.getByRole('button', { name: 'Send application' }).click();
    await notice(job.page, 'Your application is sent');
    await job.page.locator('#your-application').filter({ hasText: 'You applied' }).waitFor();
    expect(await job.page.getByRole('button', { name: 'Send application' }).count()).toBe(0);
    await checkPage(job.page, 'job-applied');
    expect(job.problems.filter((p) => !/400/.test(p))).toEqual([]);

    // The poster hires through the API and lets the worker use the job's files.
    const apps = await api(base, `/api/me/jobs/${jobId}/applications`, { key: poster.key });
    expect(apps.body.applications).toHaveLength(1);
    expect((await api(base, `/api/me/job-applications/${apps.body.applications[0].id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);
    expect((await api(base, `/api/jobs/${jobId}/file-access`, { key: poster.key, method: 'PUT', body: { allowed: true } })).status).toBe(200);

    // The worker finds the hire under Applications and turns round 1 in with a link and the file.
    // The page asks complete again while the uploaded file is checked: those 503s are expected.
    const checking = (status: number, url: string) => status === 503 && /\/api\/jobs\/[^/]+\/files\/[^/]+\/complete$/.test(new URL(url).pathname);
    const mine = await open(worker, '/me/applications', checking);
    await checkPage(mine.page, 'applications');
    await mine.page.locator('.card').filter({ hasText: title }).getByRole('link', { name: 'Open the work page' }).click();
    await mine.page.getByRole('heading', { level: 1, name: `Work: ${title}` }).waitFor();
    await checkPage(mine.page, 'work-worker-submit');
    await mine.page.getByLabel('What you did and how to check it').fill('## Round one\nThree **logo** sketches.');
    await mine.page.getByLabel('Link 1 address').fill('https://example.com/sketches');
    await mine.page.getByLabel('Link 1 label').fill('Sketches');
    await mine.page.getByLabel(/AI model/).fill('test-model-1');
    // A file uploaded on the page joins the turn-in form's file list ticked. It is over the
    // proxied cap, so the page sends it straight to the store (whose CORS rule takes uploads from
    // the site's pages), in one part: no chunk goes through the API. The files service checks it
    // while the page asks complete again through its 503s.
    const store = await mine.page.locator('#worker-upload').getAttribute('data-store');
    expect(store).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const sent: string[] = [];
    mine.page.on('request', (req) => {
      const url = new URL(req.url());
      if (req.method() === 'PUT') sent.push(url.origin === store ? `store part ${url.searchParams.get('partNumber')}` : url.pathname);
    });
    const data = randomBytes(FILE_LIMITS.proxyBytes + 300_000);
    await mine.page.getByLabel('Upload a file to the worker folder').setInputFiles({ name: 'final.png', mimeType: 'image/png', buffer: data });
    await mine.page.getByRole('button', { name: 'Upload', exact: true }).click();
    await mine.page.locator('#upload-status').filter({ hasText: 'final.png is uploaded' }).waitFor();
    expect(sent).toEqual(['store part 1']);
    expect(await mine.page.getByLabel(/final\.png/).isChecked()).toBe(true);
    const files = await api(base, `/api/jobs/${jobId}/files`, { key: worker.key });
    expect(files.body.files).toEqual([expect.objectContaining({ path: 'final.png', size: data.length, status: 'ready', folder: 'worker' })]);
    await mine.page.getByRole('button', { name: 'Turn in' }).click();
    await notice(mine.page, 'Your work is turned in');
    const round1 = mine.page.locator('#round-1');
    expect(await round1.getByRole('link', { name: 'Sketches' }).getAttribute('href')).toBe('https://example.com/sketches');
    expect(await round1.locator('strong').filter({ hasText: 'logo' }).count()).toBe(1);
    await round1.getByText('final.png').waitFor();
    // Nothing is offered that the service would refuse now: no second turn-in while round 1 waits.
    expect(await mine.page.getByRole('button', { name: 'Turn in' }).count()).toBe(0);
    await checkPage(mine.page, 'work-worker-waiting');

    // The poster asks for changes.
    const review = await open(poster, `/jobs/${jobId}/work`);
    await review.page.locator('#round-1').getByRole('link', { name: 'Sketches' }).waitFor();
    await checkPage(review.page, 'work-poster-review');
    // The turned-in file downloads from its round, as the poster, byte for byte.
    const href = await review.page.locator('#round-1').getByRole('link', { name: 'final.png' }).getAttribute('href');
    const got = await fetch(`${base}${href}`, { headers: { cookie: `mk_session=${stage.session(poster)}` } });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(data)).toBe(true);
    await review.page.getByLabel('What should change').fill('Make the text bigger, please.');
    await review.page.getByRole('button', { name: 'Request changes' }).click();
    await notice(review.page, 'Your request for changes is sent');
    await review.page.locator('#round-1').getByText('Make the text bigger, please.').waitFor();

    // Round 2 from the worker.
    await mine.page.reload();
    await mine.page.getByLabel('What you did and how to check it').fill('Round two: bigger text.');
    await mine.page.getByLabel('Link 1 address').fill('https://example.com/final');
    await mine.page.getByRole('button', { name: 'Turn in' }).click();
    await notice(mine.page, 'Your work is turned in');
    await mine.page.locator('#round-2').getByRole('link', { name: 'https://example.com/final' }).waitFor();

    // The poster approves: without a score it is refused beside the score, then accepted with one.
    await review.page.reload();
    await review.page.locator('#round-2').waitFor();
    await review.page.getByLabel('Your rating in words').fill('Quick and careful.');
    await review.page.getByRole('button', { name: 'Approve and rate the worker' }).click();
    await review.page.locator('#approve-score-error').waitFor();
    expect(await review.page.getByLabel('Your rating in words').inputValue()).toBe('Quick and careful.');
    await checkPage(review.page, 'work-poster-approve-error');
    await review.page.getByLabel('Score').selectOption('5');
    await review.page.getByRole('button', { name: 'Approve and rate the worker' }).click();
    await notice(review.page, 'The work is approved');
    expect(review.problems.filter((p) => !/400/.test(p))).toEqual([]);

    // Waiting on the worker's rating, the job reads the same to the poster on the API, in My jobs and on its own page.
    const rating = await api(base, `/api/jobs/${jobId}/work`, { key: poster.key });
    expect(rating.body).toMatchObject({ status: 'rating', statusLabel: 'Waiting for the worker to rate' });
    const posterJobs = await open(poster, '/me/jobs?status=rating');
    expect(await posterJobs.page.locator(`#job-${jobId} .status`).innerText()).toBe(rating.body.statusLabel);
    const posterJob = await open(poster, `/me/jobs/${jobId}`);
    expect(await posterJob.page.textContent('#job-status')).toBe(rating.body.statusLabel);

    // The worker rates the poster, which completes the job.
    await mine.page.reload();
    await mine.page.getByLabel('Score').selectOption('4');
    await mine.page.getByLabel('Your rating in words').fill('Clear brief, fast answers.');
    await mine.page.getByRole('button', { name: 'Rate the poster' }).click();
    await notice(mine.page, 'The job is complete');
    await mine.page.locator('#ratings').getByText('Quick and careful.').waitFor();
    await mine.page.locator('#ratings').getByText('Clear brief, fast answers.').waitFor();
    expect(
      await mine.page
        .locator('form')
        .filter({ has: mine.page.getByRole('button') })
        .count(),
    ).toBe(0);
    await checkPage(mine.page, 'work-complete');
    // The browser's own console line for each expected 503 (the URL is checked by `checking`).
    expect(mine.problems.filter((p) => p !== 'Failed to load resource: the server responded with a status of 503 (Service Unavailable)')).toEqual([]);

    // Both ratings are public on the member pages, to a visitor who is not signed in.
    const workerPage = await open(null, `/members/${worker.id}`);
    await workerPage.page.getByText('Quick and careful.').waitFor();
    expect(await workerPage.page.locator('.meta').first().textContent()).toContain('rated 5');
    const posterPage = await open(null, `/members/${poster.id}`);
    await posterPage.page.getByText('Clear brief, fast answers.').waitFor();
    const done = await api(base, `/api/jobs/${jobId}/work`, { key: poster.key });
    expect(done.body).toMatchObject({ status: 'completed', ratings: { byPoster: { score: 5 }, byWorker: { score: 4 } } });
  });

  it('the poster reminds the worker and asks to cancel; the worker cancels and the job opens again', async () => {
    const jobId = await postJob(`Browser cancel ${randomUUID().slice(0, 6)}`);
    const applied = await api(base, `/api/jobs/${jobId}/applications`, {
      key: worker.key,
      body: { pitch: 'On it.', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect((await api(base, `/api/me/job-applications/${applied.body.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);

    const asPoster = await open(poster, `/jobs/${jobId}/work`, (s) => s === 429);
    // Only the steps the service offers the poster now: no review before anything is turned in.
    expect(await asPoster.page.getByRole('button', { name: /Approve|Request changes|Turn in/ }).count()).toBe(0);
    await asPoster.page.getByRole('button', { name: 'Send a reminder' }).click();
    await notice(asPoster.page, 'The reminder is sent');
    // One reminder per 12 hours: a second one is refused on the same page, in words.
    await asPoster.page.getByRole('button', { name: 'Send a reminder' }).click();
    await asPoster.page.locator('#notice.error').waitFor();
    await asPoster.page.getByText('Ask the worker to cancel').click();
    await asPoster.page.getByRole('button', { name: 'Ask to cancel' }).click();
    await notice(asPoster.page, 'The worker is asked to cancel');
    await checkPage(asPoster.page, 'work-poster-cancel-asked');
    expect(asPoster.problems.filter((p) => !/429/.test(p))).toEqual([]);

    const asWorker = await open(worker, `/jobs/${jobId}`);
    await asWorker.page.getByRole('link', { name: 'Open the work page' }).click();
    await asWorker.page.locator('#cancel-requested').waitFor();
    // Asked to cancel, the worker finds the step already open.
    await asWorker.page.getByRole('button', { name: 'Yes, cancel the work' }).click();
    await notice(asWorker.page, 'The work is cancelled');
    expect(asWorker.problems).toEqual([]);
    expect((await api(base, `/api/jobs/${jobId}`)).body.status).toBe('open');
  });

  it('withdraws another waiting application after confirming', async () => {
    const title = `Browser withdraw ${randomUUID().slice(0, 6)}`;
    const jobId = await postJob(title);
    const applied = await api(base, `/api/jobs/${jobId}/applications`, {
      key: worker.key,
      body: { pitch: 'Happy to help.', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(applied.status).toBe(201);
    const { page, problems } = await open(worker, '/me/applications');
    await page.locator(`#application-${applied.body.id}`).getByRole('link', { name: 'Withdraw…' }).click();
    await page.getByRole('heading', { level: 1, name: 'Withdraw your application?' }).waitFor();
    await checkPage(page, 'withdraw-confirm');
    await page.getByRole('button', { name: 'Yes, withdraw it' }).click();
    await notice(page, 'Your application is withdrawn');
    expect(await page.locator(`#application-${applied.body.id}`).getByRole('link', { name: 'Withdraw…' }).count()).toBe(0);
    const listed = await api(base, '/api/me/applications', { key: worker.key });
    expect(listed.body.applications.find((a: { id: string }) => a.id === applied.body.id).status).toBe('withdrawn');
    expect(problems).toEqual([]);
  });
});

describe('comments on the job page in the browser', () => {
  it('a comment (after an empty one is refused), a reply from the poster, and deleting an own comment', async () => {
    const jobId = await postJob(`Browser talk ${randomUUID().slice(0, 6)}`);
    const asker = await open(worker, `/jobs/${jobId}`, (s) => s === 400);
    await asker.page.getByRole('button', { name: 'Post comment' }).click();
    await asker.page.locator('#comment-body-error').waitFor();
    expect(await asker.page.getByLabel('Write a comment').getAttribute('aria-invalid')).toBe('true');
    await asker.page.getByLabel('Write a comment').fill('Which file formats do you need?\nSVG and PNG?');
    await asker.page.getByRole('button', { name: 'Post comment' }).click();
    await notice(asker.page, 'Your comment is posted');
    const question = asker.page.locator('#comments > li').first();
    await question.getByText('Which file formats do you need?').waitFor();
    await asker.page.getByLabel('Write a comment').fill('Oops, wrong job.');
    await asker.page.getByRole('button', { name: 'Post comment' }).click();
    await notice(asker.page, 'Your comment is posted');

    const answer = await open(poster, `/jobs/${jobId}`);
    const first = answer.page.locator('#comments > li').first();
    await first.getByText('Reply', { exact: true }).click();
    await first.getByLabel(/Your reply to/).fill('Both, please.');
    await first.getByRole('button', { name: 'Post reply' }).click();
    await notice(answer.page, 'Your reply is posted');
    // The reply sits right under the comment it answers, before the later comment.
    const reply = answer.page.locator('#comments > li:nth-child(2).reply');
    await reply.getByText('Both, please.').waitFor();
    await checkPage(answer.page, 'job-comments-poster');
    expect(answer.problems).toEqual([]);

    await asker.page.reload();
    const oops = asker.page.locator('#comments > li').filter({ hasText: 'Oops, wrong job.' });
    // The reply is not the worker's own, so it offers no delete; their own comments do.
    expect(
      await asker.page
        .locator('#comments > li.reply')
        .getByRole('button', { name: /Delete/ })
        .count(),
    ).toBe(0);
    await oops.getByRole('button', { name: /Delete/ }).click();
    await notice(asker.page, 'The comment is deleted');
    expect(await asker.page.getByText('Oops, wrong job.').count()).toBe(0);
    await asker.page.getByText('Both, please.').waitFor();
    await checkPage(asker.page, 'job-comments-worker');
    expect(asker.problems.filter((p) => !/400/.test(p))).toEqual([]);
  });
});
