import { randomUUID } from 'node:crypto';

import {
  api,
  axeViolations,
  checkLayout,
  createMembers,
  launchBrowser,
  openAs,
  pageProblemsAtWidths,
  PHONE_WIDTH,
  signIn,
  type TestMember,
  until,
} from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { pushSubscription, restartService } from './support/push.js';

/**
 * Messages and notifications in the member web app, in Chromium: a poster and an applicant
 * (prepared through the API) talk about one application and read their alerts.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const control = inject('controlUrl');

interface Person {
  member: TestMember;
  token: string;
}

/** The page fits a phone and a desktop, with screenshots kept, and axe finds nothing. */
async function checkPage(browser: Browser, who: Person, path: string, name: string): Promise<void> {
  const { page, problems } = await openAs(browser, base, who.token, path);
  expect(await pageProblemsAtWidths(page, name)).toEqual([]);
  expect(problems, name).toEqual([]);
  await page.context().close();
}

/**
 * Alerts are written a moment after their event, and the page shows the history (reading marks
 * nothing delivered): reloaded until `text` is in it.
 */
async function alertShown(page: Page, text: string): Promise<void> {
  await until(
    async () => {
      await page.goto(`${base}/me/notifications`);
      await page.locator('#history-heading').waitFor();
      return (await page.locator('#notification-list').getByText(text).count()) > 0 || undefined;
    },
    { timeoutMs: 15_000, intervalMs: 250, what: `the alert "${text}"` },
  );
}

describe('messages and notifications in the browser', () => {
  let browser: Browser;
  let poster: Person;
  let applicant: Person;
  let applicationId: string;
  const title = `Paint a fence ${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const [p, a] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const [ps, as] = await Promise.all([signIn(base, mailDir, { email: p.email }), signIn(base, mailDir, { email: a.email })]);
    poster = { member: p, token: ps.token };
    applicant = { member: a, token: as.token };
    const job = await api(base, '/api/me/jobs', { key: p.key, body: { title, category: 'research', constraints: 'Two coats, white.' } });
    expect(job.status).toBe(201);
    const applied = await api(base, `/api/jobs/${job.body.id}/applications`, {
      key: a.key,
      body: { pitch: 'I paint fences every summer.', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(applied.status).toBe(201);
    applicationId = applied.body.id;
  });
  let pushConfigured = false;
  afterAll(async () => {
    await browser?.close();
    if (pushConfigured) await restartService(control, 'notifications', {});
  });

  it('sends a signed-out visitor to sign in', async () => {
    for (const path of ['/me/messages', `/me/messages/${applicationId}`, '/me/notifications']) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
  });

  it('shows the poster the new application, with a link to its conversation, still there on the next visit; keeps the agent setting', async () => {
    const { page, problems } = await openAs(browser, base, poster.token, '/me/notifications');
    await alertShown(page, 'Your job received a new application.');
    const group = page.locator('.card').filter({ hasText: 'Your job received a new application.' });
    expect(await group.locator(`a[href="/me/messages/${applicationId}"]`).count()).toBe(1);
    expect(await group.locator('a[href^="/jobs/"]').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await checkLayout(page, 'notifications-new');

    // The history stays: the next visit shows it again.
    await page.goto(`${base}/me/notifications`);
    await page.locator('#history-heading').waitFor();
    expect(await page.getByText('Your job received a new application.').count()).toBe(1);
    // Push needs the service's VAPID setup, which this system runs without.
    await page.getByText('Push alerts are not available on this site.').waitFor();

    const setting = page.getByLabel('Send my new alerts along with every result my agent gets');
    expect(await setting.isChecked()).toBe(true);
    await setting.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved your agent notification setting.' }).waitFor();
    expect(await page.getByLabel('Send my new alerts along with every result my agent gets').isChecked()).toBe(false);
    expect((await api(base, '/api/me/notification-preferences', { key: poster.member.key })).body).toEqual({ agentNotifications: false });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lets the two sides exchange messages: unread counts, a refused empty message, live replies', async () => {
    // The refused empty message answers 400 with the page again; nothing else may fail.
    const { page: posterPage, problems } = await openAs(browser, base, poster.token, `/me/messages/${applicationId}`, {
      allowStatus: (status, url) => status === 400 && url === `${base}/me/messages/${applicationId}`,
    });
    await posterPage.getByText('No messages yet.').waitFor();
    expect(await posterPage.getByRole('heading', { level: 1 }).textContent()).toBe(title);

    // An empty message is refused by the service, with its error next to the field.
    await posterPage.getByRole('button', { name: 'Send' }).click();
    const body = posterPage.getByRole('textbox', { name: /Message to/ });
    expect(await posterPage.locator('#message-body-error').textContent()).toBe('Required.');
    expect(await body.getAttribute('aria-invalid')).toBe('true');
    expect(await body.getAttribute('aria-describedby')).toContain('message-body-error');
    expect(await axeViolations(posterPage)).toEqual([]);

    await body.fill('Can you start on Monday?\nThe paint is in the shed.');
    await posterPage.getByRole('button', { name: 'Send' }).click();
    await posterPage.getByRole('status').filter({ hasText: 'Sent.' }).waitFor();
    expect(await posterPage.locator('.message.mine .message-body').textContent()).toBe('Can you start on Monday?\nThe paint is in the shed.');

    // The applicant's inbox counts the unread message before the conversation is opened.
    const { page: inbox } = await openAs(browser, base, applicant.token, '/me/messages');
    const card = inbox.locator(`#conversation-${applicationId}`);
    expect(await card.locator('.unread').textContent()).toBe('1 unread');
    expect(await card.textContent()).toContain('Can you start on Monday?');
    await card.getByRole('link', { name: title }).click();
    await inbox.locator('.message.theirs').getByText('Can you start on Monday?').waitFor();
    await inbox.getByRole('textbox', { name: /Message to/ }).fill('Monday works.');
    await inbox.getByRole('button', { name: 'Send' }).click();
    await inbox.getByRole('status').filter({ hasText: 'Sent.' }).waitFor();
    await inbox.goto(`${base}/me/messages`);
    await card.waitFor();
    expect(await card.locator('.unread').count()).toBe(0);
    expect(await card.textContent()).toContain('You: Monday works.');

    // The poster's open conversation shows the reply without a reload, and the poster's own message as read.
    await posterPage.locator('.message.theirs').getByText('Monday works.').waitFor({ timeout: 15_000 });
    await posterPage.locator('.message.mine .meta').filter({ hasText: 'Read' }).waitFor({ timeout: 15_000 });
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    await posterPage.context().close();
    await inbox.context().close();

    await checkPage(browser, applicant, '/me/messages', 'messages-inbox');
    await checkPage(browser, applicant, `/me/messages/${applicationId}`, 'messages-conversation');
  });

  it('alerts the poster to the reply, linking to the conversation', async () => {
    const { page } = await openAs(browser, base, poster.token, '/me/notifications', { width: PHONE_WIDTH });
    await alertShown(page, `New message from the applicant about "${title}".`);
    const alert = page.locator('#notification-list > li').filter({ hasText: 'New message from the applicant' });
    expect(await alert.getByRole('link', { name: 'Read the message' }).getAttribute('href')).toBe(`/me/messages/${applicationId}`);
    expect(await axeViolations(page)).toEqual([]);
    expect((await checkLayout(page, 'notifications-message')).overflow).toBe(0);
    await page.context().close();
    await checkPage(browser, poster, '/me/notifications', 'notifications');
  });

  it('offers no send form once the application is declined', async () => {
    expect((await api(base, `/api/me/job-applications/${applicationId}/decline`, { key: poster.member.key, method: 'POST' })).status).toBe(200);
    for (const who of [poster, applicant]) {
      const { page } = await openAs(browser, base, who.token, `/me/messages/${applicationId}`);
      await page.getByText('This application was declined; its conversation is closed to new messages.').waitFor();
      expect(await page.locator('#message-form').count()).toBe(0);
      await page.context().close();
    }
  });

  it('with push set up, offers push in this browser and a way to stop it for each subscribed browser', async () => {
    pushConfigured = true;
    // push.example.test stands in for a push service (test-only; real endpoints must be a push service's).
    await restartService(control, 'notifications', { WEB_PUSH_SUBJECT: 'mailto:ops@example.test', BROWSER_PUSH_TEST_ORIGIN: 'https://push.example.test' });
    const elsewhere = pushSubscription(`https://push.example.test/${randomUUID()}`);
    expect((await api(base, '/api/me/browser-push', { key: applicant.member.key, method: 'PUT', body: elsewhere })).status).toBe(200);

    const { page, problems } = await openAs(browser, base, applicant.token, '/me/notifications');
    expect(await page.getByText('Through push.example.test').count()).toBe(1);
    // Headless Chromium refuses notifications to every site (even when granted), so the page says so
    // and asking again reports the refusal; a person's browser asks them instead.
    await page.getByRole('status').filter({ hasText: 'This browser blocks notifications from this site.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Turn off push alerts in this browser' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Turn on push alerts in this browser' }).click();
    await page.getByRole('status').filter({ hasText: 'Push alerts need your permission to show notifications.' }).waitFor();
    expect((await api(base, '/api/me/browser-push', { key: applicant.member.key })).body.subscriptions).toHaveLength(1);

    // The service worker the button installs is served by the member app and runs in Chromium.
    const worker = await page.evaluate(async () => {
      await navigator.serviceWorker.register('/me/push-worker.js', { scope: '/me/', type: 'module' });
      return (await navigator.serviceWorker.ready).active?.scriptURL;
    });
    expect(worker).toBe(`${base}/me/push-worker.js`);

    // Stopping another browser's alerts is a plain form.
    await page.getByRole('button', { name: 'Stop push alerts through push.example.test' }).click();
    await page.getByRole('status').filter({ hasText: 'That browser gets no more push alerts.' }).waitFor();
    expect(await page.getByText('Through push.example.test').count()).toBe(0);
    expect((await api(base, '/api/me/browser-push', { key: applicant.member.key })).body.subscriptions).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();

    expect((await api(base, '/api/me/browser-push', { key: applicant.member.key, method: 'PUT', body: elsewhere })).status).toBe(200);
    await checkPage(browser, applicant, '/me/notifications', 'notifications-push');
  });
});
