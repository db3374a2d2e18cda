import { randomInt, randomUUID } from 'node:crypto';

import { messageSentV1, operatorRecordIdentityCheck } from '@marketplace/contracts';
import {
  api,
  createMember,
  launchBrowser,
  networkUrlOf,
  openAs,
  operatorCall,
  pageProblemsAtWidths,
  setSetting,
  signIn,
  waitForMail,
} from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';

/**
 * Sign-up and the gate in Chromium: the sign-up steps as pages, `/join` while invite-only (the
 * gate, the waitlist, an invitation link), the unsubscribe link of an alert email, and the 403 and
 * 404 pages. Each check reads the visible page, then the state through the API.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

/** A client address of its own, so the per-client waitlist limit never refuses the test. */
const ownAddress = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Answers the test expects (a refused form, a 403 or 404 page) are not problems; anything else is. */
const expected = (statuses: number[]) => (status: number) => statuses.includes(status);

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `sign-up-${name}`)).toEqual([]);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the sign-up steps in Chromium (identity verification on)', () => {
  beforeAll(async () => {
    await setSetting(nats, 'identity_verification', true);
  });
  afterAll(async () => {
    await setSetting(nats, 'identity_verification', null);
  });

  it('a member in sign-up meets "Finish signing up first." on posting, follows it to the steps and finishes them', async () => {
    const member = await createMember(nats, { name: 'Sam Signup' });
    expect((await api(base, '/api/me', { key: member.key })).body.signUp).toEqual({ step: 'network', identity: 'none', verifiedName: null });
    const { token } = await signIn(base, mailDir, { email: member.email });

    // Their page and the front page say so and link to the next step.
    const { page, problems } = await openAs(browser, base, token, '/me', { allowStatus: expected([400, 403, 404, 503]) });
    await page.locator('#sign-up-pending').getByRole('link', { name: 'Go to your next sign-up step' }).waitFor();
    await page.goto(`${base}/`);
    const gap = page.locator('#waiting-partial');
    expect(await gap.innerText()).toBe('Finish signing up first. Go to your next sign-up step');
    expect(await gap.getByRole('link').getAttribute('href')).toBe('/sign-up');

    // Posting needs a finished sign-up: the kit's 403 page, linking to the next step.
    expect((await page.goto(`${base}/me/jobs/new`))?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'Finish signing up first' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Finish signing up first.' }).waitFor();
    await checkPage(page, 'finish-first');
    await page.getByRole('link', { name: 'Go to your next sign-up step' }).click();
    await page.waitForURL(`${base}/sign-up`);
    expect(await page.locator('#sign-up-progress').innerText()).toBe('Step 1 of 3: Your network profile. 3 steps left, this one included.');
    expect(await page.locator('#step-network strong').innerText()).toBe('now');
    expect(await page.locator('#step-work strong').innerText()).toBe('to do');
    await checkPage(page, 'network');

    // Step 1: a link that is not a network profile, then an unknown one, each refused in words.
    const link = page.getByLabel('Your public network profile link');
    await link.fill('https://example.com/profile');
    await page.getByRole('button', { name: 'Look up my profile' }).click();
    await page.locator('#network-networkUrl-error').filter({ hasText: 'Must be a public network profile link' }).waitFor();
    expect(await link.getAttribute('aria-invalid')).toBe('true');
    await link.fill(networkUrlOf('nobody-here'));
    await page.getByRole('button', { name: 'Look up my profile' }).click();
    await page.getByRole('alert').waitFor();
    expect(await link.inputValue()).toBe(networkUrlOf('nobody-here'));

    // The lookup shows the profile and saves nothing; confirming moves to the identity step.
    await link.fill(networkUrlOf('nia-network'));
    await page.getByRole('button', { name: 'Look up my profile' }).click();
    const found = page.locator('#network-preview');
    await found.filter({ hasText: 'Data engineer at Example Co' }).waitFor();
    expect(await found.innerText()).toContain('Nia Network');
    expect((await api(base, '/api/me', { key: member.key })).body.networkUrl).toBeNull();
    await page.getByRole('button', { name: 'This is me: confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'Network profile confirmed. Next: your identity.' }).waitFor();
    expect(await page.locator('#sign-up-progress').innerText()).toBe('Step 2 of 3: Your identity. 2 steps left, this one included.');
    expect(await page.locator('#step-network strong').innerText()).toBe('done');
    const afterNetwork = (await api(base, '/api/me', { key: member.key })).body;
    expect(afterNetwork).toMatchObject({ networkUrl: networkUrlOf('nia-network'), signUp: { step: 'identity', identity: 'none' } });
    await checkPage(page, 'identity');

    // Step 2: no verification provider is configured here, so starting the check fails in words and changes nothing.
    expect(await page.locator('#identity-state').innerText()).toBe('Identity check: Not started yet.');
    await page.getByRole('button', { name: 'Start the identity check' }).click();
    await page.getByRole('alert').waitFor();
    expect((await api(base, '/api/me', { key: member.key })).body.signUp).toEqual({ step: 'identity', identity: 'none', verifiedName: null });
    // The provider's verdict arrives (as its callback would record it): the page moves on.
    await operatorCall(nats, operatorRecordIdentityCheck, { memberId: member.id, status: 'verified', verifiedName: 'Sam Q. Signup' });
    await page.goto(`${base}/sign-up`);
    expect(await page.locator('#sign-up-progress').innerText()).toBe('Step 3 of 3: Work authorization. This is the last step.');
    await page.getByText('Verified as Sam Q. Signup.').waitFor();

    // Step 3: finishing without the box ticked is refused next to it; ticked, sign-up is done.
    await page.getByRole('button', { name: 'Finish signing up' }).click();
    await page.locator('#work-usWorkAuthorized-error').filter({ hasText: 'Must be true.' }).waitFor();
    expect((await api(base, '/api/me', { key: member.key })).body.signUp).not.toBeNull();
    await checkPage(page, 'work');
    await page.getByLabel('I may work in the United States').check();
    await page.getByRole('button', { name: 'Finish signing up' }).click();
    await page.getByRole('status').filter({ hasText: 'You are signed up.' }).waitFor();
    await page.locator('#sign-up-finished').waitFor();
    const done = (await api(base, '/api/me', { key: member.key })).body;
    expect(done.signUp).toBeNull();
    expect(done.profile.usWorkAuthorized).toBe(true);

    await page.goto(`${base}/me`);
    await page.getByRole('heading', { level: 1, name: 'Sam Signup' }).waitFor();
    expect(await page.locator('#sign-up-pending').count()).toBe(0);

    // Posting opens now.
    const posting = await page.goto(`${base}/me/jobs/new`);
    expect(posting?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1, name: 'Finish signing up first' }).count()).toBe(0);
    expect((await api(base, '/api/me/jobs', { key: member.key })).status).toBe(200);
    expect(problems.filter((p) => !/^Failed to load resource: the server responded with a status of (400|403|404|503)/.test(p))).toEqual([]);
    await page.context().close();
  });
});

describe('/join while invite-only', () => {
  let inviterKey: string;
  beforeAll(async () => {
    inviterKey = (await createMember(nats)).key;
    await setSetting(nats, 'invite_only', true);
  });
  afterAll(async () => {
    await setSetting(nats, 'invite_only', null);
  });

  it('a signed-out visitor meets the gate and joins the waitlist', async () => {
    const { page, problems } = await openAs(browser, base, null, '/', { allowStatus: expected([401, 403]) });
    await page.getByRole('link', { name: 'About the invitation' }).click();
    await page.waitForURL(`${base}/join`);
    await page.getByText('The marketplace is invite-only for now.').waitFor();
    await page.getByText('You are not signed in.').waitFor();
    await checkPage(page, 'join');

    const email = `wait-${randomUUID().slice(0, 8)}@example.test`;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `You are on the waitlist as ${email}.` })
      .waitFor();

    const later = await signIn(base, mailDir, { email });
    expect((await api(base, '/api/access', { headers: { cookie: later.cookie } })).body.standing).toBe('waitlisted');
    expect(problems.filter((p) => !/status of 40[13]/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('a newcomer opens an invitation link, accepts it and is let in', async () => {
    const link = (await api(base, '/api/me/invite-link', { key: inviterKey })).body as { url: string; token: string };
    const newcomer = await signIn(base, mailDir);
    expect((await api(base, '/api/access', { headers: { cookie: newcomer.cookie } })).body.standing).toBe('needs_invitation');
    const url = new URL(link.url);
    const { page, problems } = await openAs(browser, base, newcomer.token, `${url.pathname}${url.search}`, { allowStatus: expected([400]) });
    await page.getByText('You are signed in but not let in yet.').waitFor();
    expect(await page.getByLabel('Invitation token').inputValue()).toBe(link.token);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('status').filter({ hasText: 'You are in. Welcome to the marketplace.' }).waitFor();
    expect((await api(base, '/api/access', { headers: { cookie: newcomer.cookie } })).body.standing).toBe('admitted');
    const after = (await api(base, '/api/me/invite-link', { key: inviterKey })).body as { uses: number; joined: unknown[] };
    expect(after.uses).toBe(1);
    expect(after.joined).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('/unsubscribe', () => {
  it("the link from an alert email shows a button that turns that alert's emails off", async () => {
    const member = await createMember(nats);
    await publishEvent(nats, messageSentV1, {
      messageId: randomUUID(),
      applicationId: randomUUID(),
      jobId: randomUUID(),
      title: 'Sort the mail',
      senderId: randomUUID(),
      recipientId: member.id,
      senderRole: 'applicant',
      sentAt: new Date().toISOString(),
    });
    const mail = await waitForMail(mailDir, member.email);
    const link = mail.links.find((l) => l.includes('/unsubscribe?token='));
    expect(link).toBeDefined();
    const url = new URL(link!);
    const { page, problems } = await openAs(browser, base, null, `${url.pathname}${url.search}`);
    await page.getByRole('heading', { level: 1, name: 'Stop these emails' }).waitFor();
    await checkPage(page, 'unsubscribe');
    // Opening the link changes nothing.
    expect((await api(base, '/api/me/contact-notifications', { key: member.key })).body.messages).toBe(true);
    await page.getByRole('button', { name: 'Turn off these emails' }).click();
    await page.getByRole('heading', { level: 1, name: 'Emails turned off' }).waitFor();
    expect(await page.getByRole('status').innerText()).toMatch(/are now off\.$/);
    const switches = (await api(base, '/api/me/contact-notifications', { key: member.key })).body;
    expect(switches).toMatchObject({ messages: false, comments: true, applications: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the 403 and 404 pages', () => {
  it('a member who is not staff opening the staff console gets "Staff only"', async () => {
    const member = await createMember(nats);
    const { token, cookie } = await signIn(base, mailDir, { email: member.email });
    const { page } = await openAs(browser, base, token, '/admin/help-requests', { allowStatus: expected([403]) });
    await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('This console is for marketplace staff.');
    const res = await page.goto(`${base}/admin/problem-reports`);
    expect(res?.status()).toBe(403);
    expect((await api(base, '/api/account/admin', { headers: { cookie } })).body).toEqual({ admin: false });
    await checkPage(page, 'staff-only');
    await page.context().close();
  });

  it('an unknown address and an unknown job id answer the 404 page', async () => {
    const { page } = await openAs(browser, base, null, '/no-such-page-here', { allowStatus: expected([404]) });
    const first = await page.goto(`${base}/no-such-page-here`);
    expect(first?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('There is no page at this address.');
    await checkPage(page, 'not-found');
    // The API keeps its JSON error body.
    const apiMiss = await api(base, '/api/no-such-route');
    expect(apiMiss.status).toBe(404);
    expect(apiMiss.body.error).toBe('No API path /api/no-such-route.');

    const id = randomUUID();
    expect((await api(base, `/api/jobs/${id}`)).status).toBe(404);
    const job = await page.goto(`${base}/jobs/${id}`);
    expect(job?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'No such job' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('This job does not exist, or it is not open or completed.');
    await page.context().close();
  });
});
