import { api, createMembers, launchBrowser, openAs, pageProblemsAtWidths, signIn, type TestMember, until } from '@marketplace/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The signed-in front page in Chromium: the two ways to post first, then what waits on the member
 * (applications to decide, work turned in, unread messages, a draft, a hire to work on), each a
 * link that opens the page where they act; the poster's own job page with its applications count,
 * the link to them, edit and close. The signed-out front page keeps its cards.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

const pitch = { pitch: 'I have done this before.', acceptResponsibility: true, model: 'test-model-1' };

let browser: Browser;
let poster: TestMember;
let ann: TestMember;
let bob: TestMember;
let idle: TestMember;
let session: string;
/** The poster's open job with ann's application waiting, and that application. */
let openJob: { id: string; title: string };
let annApplication: string;
/** The poster's job bob turned work in for; bob's job the poster is hired for; the poster's draft. */
let turnedIn: string;
let hiredFor: string;
let draftId: string;

const postJob = async (m: TestMember, title: string): Promise<string> => {
  const res = await api(base, '/api/me/jobs', { key: m.key, body: { title, category: 'data', constraints: 'Clean the rows of a CSV file.' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const apply = async (m: TestMember, jobId: string): Promise<string> => {
  const res = await api(base, `/api/jobs/${jobId}/applications`, { key: m.key, body: pitch });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const accept = async (m: TestMember, applicationId: string): Promise<void> => {
  const res = await api(base, `/api/me/job-applications/${applicationId}/accept`, { key: m.key, method: 'POST' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

beforeAll(async () => {
  browser = await launchBrowser();
  [poster, ann, bob, idle] = (await createMembers(nats, 4)) as [TestMember, TestMember, TestMember, TestMember];
  session = (await signIn(base, mailDir, { email: poster.email })).token;

  openJob = { id: await postJob(poster, 'Home: a CSV to clean'), title: 'Home: a CSV to clean' };
  annApplication = await apply(ann, openJob.id);
  expect((await api(base, '/api/messages', { key: ann.key, body: { applicationId: annApplication, body: 'When would you like it done?' } })).status).toBe(201);

  turnedIn = await postJob(poster, 'Home: work to approve');
  await accept(poster, await apply(bob, turnedIn));
  const submitted = await api(base, `/api/jobs/${turnedIn}/submissions`, { key: bob.key, body: { body: 'Done: the rows are clean.' } });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);

  hiredFor = await postJob(bob, 'Home: a job the poster works on');
  await accept(bob, await apply(poster, hiredFor));

  const draft = await api(base, '/api/me/job-drafts', { key: poster.key, method: 'POST', body: { answers: { problem: 'Our invoices do not add up.' } } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  draftId = draft.body.id;

  // The job board learns of the hire and the turned-in work from events; wait until it has.
  await until(
    async () => {
      const jobs = (await api(base, '/api/me/jobs', { key: poster.key })).body.jobs as { id: string; status: string }[];
      const mine = (await api(base, '/api/me/applications', { key: poster.key })).body.applications as { job: { id: string; status: string } }[];
      return jobs.find((j) => j.id === turnedIn)?.status === 'submitted' && mine.find((a) => a.job.id === hiredFor)?.job.status === 'in_progress'
        ? true
        : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'the hire and the turned-in work on the board' },
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('the signed-in home', () => {
  it('offers posting first, then lists what waits in the order the work needs it, each link opening its page', async () => {
    const { page, problems } = await openAs(browser, base, session, '/');
    const actions = page.locator('#post-actions a');
    expect(await actions.allTextContents()).toEqual(['Post a job', 'Let the guided draft write it']);
    expect(await actions.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/me/jobs/new', '/me/drafts/new']);
    // Posting comes before what waits, and both before the board.
    expect(
      await page.evaluate(`(() => {
      const order = ['#post-actions', '#waiting', '#board'].map((s) => document.querySelector(s));
      return order.every((el, i) => el && (i === 0 || order[i - 1].compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING));
    })()`),
    ).toBe(true);

    const expected = [
      [`waits-applications-${openJob.id}`, `/me/jobs/${openJob.id}`, 'Review 1 application'],
      [`waits-approve-${turnedIn}`, `/jobs/${turnedIn}/work`, 'Review the work turned in'],
      [`waits-messages-${annApplication}`, `/me/messages/${annApplication}`, `Read 1 new message from ${ann.name}`],
      [`waits-draft-${draftId}`, `/drafts/${draftId}`, 'Finish your job draft'],
      [`waits-work-${hiredFor}`, `/jobs/${hiredFor}/work`, 'You are hired'],
    ] as const;
    const items = await page.locator('#waiting-list > li').evaluateAll((lis) =>
      lis.map((li) => ({
        id: li.id,
        href: li.querySelector('a')?.getAttribute('href') ?? '',
        text: li.querySelector('a')?.textContent ?? '',
      })),
    );
    // Only these five wait on the poster; accepting bob may add a conversation, never one out of order.
    const known = items.filter((item) => expected.some(([id]) => id === item.id));
    expect(known.map((item) => item.id)).toEqual(expected.map(([id]) => id));
    for (const [id, href, text] of expected) {
      const item = known.find((k) => k.id === id)!;
      expect(item.href, id).toBe(href);
      expect(item.text, id).toContain(text);
    }
    expect(await page.isVisible('#waiting-partial')).toBe(false);
    expect(await pageProblemsAtWidths(page, 'home-signed-in')).toEqual([]);

    // Every link opens the page where the member acts on it.
    for (const item of items) {
      const res = await page.goto(`${base}${item.href}`);
      expect(res?.status(), item.href).toBe(200);
      expect(new URL(page.url()).pathname, item.href).toBe(item.href);
    }
    await page.goto(`${base}/me/drafts/new`);
    expect(await page.textContent('h1')).toBe('Start a job draft');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says when nothing waits, and still offers posting', async () => {
    const token = (await signIn(base, mailDir, { email: idle.email })).token;
    const { page, problems } = await openAs(browser, base, token, '/');
    expect(await page.textContent('#nothing-waits')).toBe('Nothing waits on you right now.');
    expect(await page.locator('#post-actions a').count()).toBe(2);
    expect(await page.locator('#waiting-list').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('leaves the signed-out home as it was: sign in and the API reference, no member list', async () => {
    const { page, problems } = await openAs(browser, base, null, '/');
    expect(await page.locator('[aria-label="Get started"] h3').allTextContents()).toEqual(['Sign in', 'API reference']);
    expect(await page.locator('#post-actions, #waiting').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the poster's own job page", () => {
  it('shows the applications count with a link to them, and edit and close', async () => {
    const { page, problems } = await openAs(browser, base, session, `/jobs/${openJob.id}`);
    expect(await page.textContent('#poster-applications')).toContain('1 application, 1 waiting for your decision');
    expect(await page.getAttribute('#applications-link', 'href')).toBe(`/me/jobs/${openJob.id}`);
    expect(await page.getAttribute('#poster-actions a:has-text("Edit the job")', 'href')).toBe(`/me/jobs/${openJob.id}/edit`);
    expect(await page.getAttribute('#poster-actions a:has-text("Close the job")', 'href')).toBe(`/me/jobs/${openJob.id}/close`);
    expect(await pageProblemsAtWidths(page, 'job-page-poster')).toEqual([]);

    await Promise.all([page.waitForURL(`${base}/me/jobs/${openJob.id}`), page.click('#applications-link')]);
    expect(await page.textContent('h1')).toBe(openJob.title);
    expect(await page.textContent('main')).toContain(ann.name);

    await page.goto(`${base}/jobs/${openJob.id}`);
    await Promise.all([page.waitForURL(`${base}/me/jobs/${openJob.id}/edit`), page.click('#poster-actions a:has-text("Edit the job")')]);
    expect(await page.textContent('h1')).toBe(`Edit: ${openJob.title}`);
    await page.goto(`${base}/jobs/${openJob.id}`);
    await Promise.all([page.waitForURL(`${base}/me/jobs/${openJob.id}/close`), page.click('#poster-actions a:has-text("Close the job")')]);
    expect(await page.textContent('h1')).toBe(`Close: ${openJob.title}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('offers no edit or close once the job is taken, and no poster part to anyone else', async () => {
    const { page, problems } = await openAs(browser, base, session, `/jobs/${turnedIn}`);
    expect(await page.textContent('#poster-applications')).toContain('1 application');
    expect(await page.locator('#poster-actions').count()).toBe(0);
    await page.context().close();
    const annToken = (await signIn(base, mailDir, { email: ann.email })).token;
    const other = await openAs(browser, base, annToken, `/jobs/${openJob.id}`);
    expect(await other.page.locator('#poster-applications, #poster-actions').count()).toBe(0);
    expect([...problems, ...other.problems]).toEqual([]);
    await other.page.context().close();
  });
});
