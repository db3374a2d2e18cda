import { api, createMember, launchBrowser, makeScreenRecording, openAs, pageProblemsAtWidths, signIn, type TestMember } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { newDraft, recordOne } from './support/recordings.js';

/**
 * The guided draft in the member web app, in Chromium without a model configured: start a draft,
 * answer the questions, have it written, approve the parts in order, post, and the walkthrough
 * recording's link and review, each page checked for accessibility and phone layout.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

let browser: Browser;
let member: TestMember;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember(nats);
  token = (await signIn(base, mailDir, { email: member.email })).token;
});
afterAll(async () => {
  await browser?.close();
});

/** No axe violation and no sideways scroll at phone and desktop widths, with a screenshot of each. */
async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `drafts-${name}`)).toEqual([]);
}

async function control(action: 'stop' | 'start', app: string): Promise<void> {
  const res = await fetch(`${inject('controlUrl')}/${action}/${app}`, { method: 'POST' });
  expect(res.status, `${action} ${app}: ${await res.text()}`).toBe(204);
}

/**
 * Runs `act`, which starts a draft's background work, with the drafts worker stopped, so the page
 * it leads to always shows the work pending (left to chance, a quick worker would often finish
 * first and there would be nothing to see): the page says so with a link to check again. Then the
 * worker runs the work, and the page's script updates the draft by itself.
 */
async function pendingThenUpdated(page: Page, act: () => Promise<void>): Promise<void> {
  await control('stop', 'drafts-worker');
  try {
    await act();
    expect(await page.locator('[data-pending]').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Check again' }).count()).toBeGreaterThan(0);
  } finally {
    await control('start', 'drafts-worker');
  }
  await page.locator('#live-status').filter({ hasText: 'The work is done; the draft is updated.' }).waitFor({ timeout: 30_000 });
  expect(await page.locator('[data-pending]').count()).toBe(0);
}

/** Clicks a button that sends a plain form and waits for the page it leads to. */
async function submit(page: Page, button: ReturnType<Page['locator']>): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.click()]);
}

describe('the guided draft pages', () => {
  it('are for signed-in owners only', async () => {
    const draftId = await newDraft(member);
    const signedOut = await fetch(`${base}/drafts/${draftId}`, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(`/drafts/${draftId}`)}`);
    const other = await createMember(nats);
    const stranger = await signIn(base, mailDir, { email: other.email });
    const refused = await fetch(`${base}/drafts/${draftId}`, { headers: { cookie: stranger.cookie } });
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('nightly stock export');
  });

  // Three times the drafts worker is stopped and started again, so the background work is seen pending.
  it('start a draft, answer every question, write it, approve the parts in order (409 out of order), and post', { timeout: 120_000 }, async () => {
    const { page, problems } = await openAs(browser, base, token, '/me/drafts/new', { allowStatus: (status) => status === 400 || status === 409 });
    await checkPage(page, 'new');
    await page
      .getByLabel('What context can you share?')
      .fill('We run a small web shop; orders are exported to CSV each night. Write to ops@shop-example.test with questions.');
    await page
      .getByLabel('What problem are you facing, or what result do you want?')
      .fill('Our nightly CSV export times out.\nIt stopped finishing last week.');
    // The research and follow-up questions come from the background; the page's script puts them in place.
    await pendingThenUpdated(page, async () => {
      await submit(page, page.getByRole('button', { name: 'Start the draft' }));
      expect(page.url()).toMatch(/\/drafts\/[0-9a-f-]{36}\?done=started$/);
      await page.locator('#notice').filter({ hasText: 'Your draft is started' }).waitFor();
    });
    const draftId = new URL(page.url()).pathname.split('/').pop()!;
    const question = page.locator('#draft-question');
    await question.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor();
    // No model here: the research says it is unavailable rather than handing the answers back.
    await page
      .locator('#draft-research')
      .filter({ hasText: /Research is unavailable: this service has no research model/ })
      .waitFor();
    await checkPage(page, 'interview');

    // An empty answer comes back with the service's error next to the answer field.
    const [empty] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith(`/drafts/${draftId}/answers`)),
      question.getByRole('button', { name: 'Save the answer' }).click(),
    ]);
    expect(empty.status()).toBe(400);
    await page.waitForLoadState('load');
    expect(await page.locator('#answer-text').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#answer-text-error').innerText()).toBe('Required.');
    // The address in the context is named as a personal detail, masked.
    const found = await page.locator('#draft-answers .notice').innerText();
    expect(found).toMatch(/email address/);
    expect(found).not.toContain('ops@shop-example.test');

    let asked = 0;
    while (await question.count()) {
      const heading = await question.getByRole('heading').innerText();
      expect(heading).toBe(`Question ${asked + 1} of ${heading.split(' of ')[1]}`);
      const radios = question.getByRole('radio');
      if (await radios.count()) await radios.first().check();
      else await question.getByRole('textbox').fill('A patch and a short report.');
      await submit(page, question.getByRole('button', { name: 'Save the answer' }));
      asked += 1;
      expect(asked).toBeLessThan(20);
    }
    expect(asked).toBeGreaterThan(0);
    expect(await page.locator('#draft-answers dt').count()).toBe(asked + 2);

    await pendingThenUpdated(page, () => submit(page, page.getByRole('button', { name: 'Write the job description' })));
    await page.locator('#draft-review').waitFor();
    expect(await page.locator('h1').innerText()).toBe('Our nightly CSV export times out');
    await checkPage(page, 'review');

    // A changed answer makes the written posting stale: nothing can be approved until it is written again.
    const timeline = await page.locator('#draft-answers dt').nth(3).innerText();
    expect(timeline).toMatch(/when/i);
    const lastAnswer = page.locator('#draft-answers dd').nth(3).locator('details');
    await lastAnswer.locator('summary').click();
    await lastAnswer.getByLabel('New answer').fill('Within two weeks, by the end of the month.');
    await submit(page, lastAnswer.getByRole('button', { name: 'Save the change' }));
    await page.locator('#notice').filter({ hasText: 'Answer changed.' }).waitFor();
    await page.locator('#stale').waitFor();
    expect(await page.locator('form[id^="approve-"]').count()).toBe(0);
    await checkPage(page, 'stale');
    await pendingThenUpdated(page, () => submit(page, page.getByRole('button', { name: 'Write the description again' })));
    await page.locator('#approve-evaluation').waitFor();
    expect(await page.locator('#stale').count()).toBe(0);
    expect(await page.locator('#part-details').innerText()).toContain('Within two weeks, by the end of the month.');

    // A part out of order, sent by a plain form post as any other page could, is refused with the service's 409.
    const [refused] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith(`/drafts/${draftId}/approvals`)),
      page.evaluate((action) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = action;
        form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'part', value: 'summary' }));
        document.body.append(form);
        form.submit();
      }, `/drafts/${draftId}/approvals`),
    ]);
    expect(refused.status()).toBe(409);
    await page.waitForLoadState('load');
    await page.locator('#notice[role="alert"]').waitFor();
    expect(await page.locator('#notice').innerText()).toMatch(/order/i);

    for (const part of ['evaluation', 'summary', 'details', 'visibility']) {
      // Only the next part in order is offered.
      expect(await page.locator('form[id^="approve-"]').count(), part).toBe(1);
      await submit(page, page.locator(`#approve-${part} button`));
      await page.locator('#notice').filter({ hasText: 'Approved.' }).waitFor();
      expect(await page.locator(`#part-${part} .state`).innerText()).toBe('approved');
    }
    expect(await page.locator('form[id^="approve-"]').count()).toBe(0);
    await checkPage(page, 'ready');

    // The address reached the posting: posting needs it acknowledged, and says so when it is not.
    expect(await page.locator('#draft-post').innerText()).toMatch(/email address/);
    await submit(page, page.getByRole('button', { name: 'Post the job' }));
    await page.locator('#notice[role="alert"]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/drafts/${draftId}/post`);
    await page.getByLabel(/I have checked these details/).check();
    await submit(page, page.getByRole('button', { name: 'Post the job' }));
    const draft = (await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).body;
    expect(draft).toMatchObject({ status: 'posted', jobId: expect.any(String) });
    expect(new URL(page.url()).pathname).toBe(`/jobs/${draft.jobId}`);
    expect(await page.locator('h1').innerText()).toBe('Our nightly CSV export times out');
    // What the browser saw refused: the empty answer, the out-of-order part, the unacknowledged address.
    expect(problems).toEqual([/400/, /409/, /400/].map((status) => expect.stringMatching(status)));
  });

  it('makes a recording link, shows the checked recording and approves it', async () => {
    const draftId = await newDraft(member);
    const { page, problems } = await openAs(browser, base, token, `/drafts/${draftId}`);
    await submit(page, page.getByRole('button', { name: 'Make a recording link' }));
    const link = page.locator('#recording-link a');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/record#[A-Za-z0-9_-]{40,}$/);
    // The token is only in this page, never in its address.
    expect(page.url()).not.toContain(href!.split('#')[1]);
    await checkPage(page, 'recording-link');

    // A clean screen with sound, and no model: nothing heard the sound or looked for faces, so the
    // page says what was not checked and the poster approves it saying they watched it.
    await recordOne(href!.split('#')[1]!, await makeScreenRecording({ seconds: 4, tone: true, lines: [{ text: '$ npm run export' }] }), { seconds: 4 });
    await page.goto(`${base}/drafts/${draftId}`);
    const section = page.locator('#draft-recording');
    await section.getByText('Waiting for your review').waitFor();
    const shown = await section.innerText();
    expect(shown).toMatch(/Screen text: checked, nothing found/);
    expect(shown).toMatch(/Sound: not checked \(no speech-to-text model is configured\)/);
    expect(shown).toMatch(/Faces and people: not checked \(no face detection here: no vision model is configured\)/);
    expect(shown).toMatch(/Model review: not checked \(no model is configured\)/);
    expect(shown).toMatch(/Not approved by itself: sound, faces and people and model review were not checked\./);
    await checkPage(page, 'recording');
    await section.getByLabel(/I have watched it: sound, faces and people and model review were not checked, and nothing private shows/).check();
    await submit(page, section.getByRole('button', { name: 'Approve the recording' }));
    await page.locator('#notice').filter({ hasText: 'The recording is approved.' }).waitFor();
    expect(await section.locator('.status').first().innerText()).toBe('Approved');
    expect(await section.innerText()).toMatch(/You approved it acknowledging: sound, faces and people and model review\./);
    const draft = (await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).body;
    expect(draft.recording).toMatchObject({ status: 'approved', approved: true });
    expect(problems).toEqual([]);
  });

  it('lists my drafts with what needs doing, and discards one', async () => {
    const draftId = await newDraft(member);
    const { page, problems } = await openAs(browser, base, token, '/me/drafts');
    const card = page.locator(`#draft-${draftId}`);
    await card.waitFor();
    expect(await card.innerText()).toMatch(/Readiness \d+\/100/);
    expect(await page.locator('.card').first().getAttribute('id')).toBe(`draft-${draftId}`);
    await checkPage(page, 'list');
    await submit(page, card.getByRole('button', { name: /Discard/ }));
    await page.locator('#notice').filter({ hasText: 'The draft is discarded.' }).waitFor();
    expect(await page.locator(`#draft-${draftId}`).count()).toBe(0);
    // A discarded draft is gone for its owner too.
    expect((await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).status).toBe(404);
    expect(problems).toEqual([]);
  });
});
