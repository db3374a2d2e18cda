import { randomUUID } from 'node:crypto';

import { openAs, pageProblemsAtWidths, signIn, type TestMember } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/**
 * Help that gets answered, in Chromium: a member asks about a payment and is pointed to support,
 * a staff member answers from the console and closes the request, and the member reads the reply
 * under My help requests. Every page is checked at phone and desktop widths.
 */

const stage = webStage(1, { signedIn: [0] });
const { base } = stage;

let browser: Browser, member: TestMember, session: string, staffSession: string;
beforeAll(async () => {
  browser = stage.browser();
  [member] = stage.members() as [TestMember];
  session = stage.session(member);
  staffSession = (await signIn(base, stage.mailDir, { email: `help-desk-${randomUUID().slice(0, 8)}@staff.example.test` })).token;
});

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `help-answered-${name}`)).toEqual([]);
}

describe('help that gets answered, in the browser', () => {
  it('the member asks, staff reply from the console and close it, the member reads the reply on My help requests', async () => {
    const question = `I paid for a job twice this morning. ${randomUUID()}`;
    const answer = `We refunded the second payment; it reaches your account within five days. ${randomUUID()}`;

    const asker = await openAs(browser, base, session, '/help');
    await asker.page.getByLabel('What is it about?').selectOption('payment');
    await asker.page.getByLabel('What happened and what you need').fill(question);
    await asker.page.getByRole('button', { name: 'Send to the team' }).click();
    await asker.page.locator('#notice').filter({ hasText: 'Your request is with support, who handle refunds, chargebacks and payments' }).waitFor();
    await asker.page.getByRole('link', { name: 'My help requests' }).click();
    await asker.page.getByRole('heading', { level: 1, name: 'My help requests' }).waitFor();
    const card = asker.page.locator('li.card', { hasText: question });
    expect(await card.textContent()).toContain('Waiting for the team');
    expect(await card.textContent()).toContain('No reply yet');
    await checkPage(asker.page, 'mine-open');

    const desk = await openAs(browser, base, staffSession, '/admin/help-requests');
    const row = desk.page.locator('tr', { hasText: question });
    expect(await row.textContent()).toContain(member.name);
    expect(await row.textContent()).toContain(member.email);
    expect(await row.textContent()).toContain('Waiting for the team');
    await checkPage(desk.page, 'staff-list');
    await row.getByRole('link', { name: 'A payment' }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'A payment' }).waitFor();
    expect(await desk.page.textContent('main')).toContain(member.email);
    await checkPage(desk.page, 'staff-request');

    await desk.page.getByLabel('Your reply').fill(answer);
    await desk.page.getByLabel('Then mark the request').selectOption('answered');
    await desk.page.getByRole('button', { name: 'Send the reply' }).click();
    await desk.page.locator('#notice').filter({ hasText: 'Reply sent' }).waitFor();
    expect(await desk.page.locator('ol.messages').textContent()).toContain(answer);
    expect(await desk.page.textContent('main')).toContain('Status: Answered');
    await checkPage(desk.page, 'staff-replied');

    await desk.page.getByRole('button', { name: 'Mark closed' }).click();
    await desk.page.locator('#notice').filter({ hasText: 'Marked closed.' }).waitFor();
    expect(await desk.page.textContent('main')).toContain('Status: Closed');
    expect(desk.problems).toEqual([]);

    await asker.page.reload();
    const answered = asker.page.locator('li.card', { hasText: question });
    expect(await answered.textContent()).toContain('Closed');
    expect(await answered.locator('ol.messages').textContent()).toContain(answer);
    await checkPage(asker.page, 'mine-answered');

    // The member's menu leads there too.
    await asker.page.goto(`${base}/me`);
    await asker.page.getByRole('link', { name: 'My help requests' }).click();
    await asker.page.getByRole('heading', { level: 1, name: 'My help requests' }).waitFor();
    expect(asker.problems).toEqual([]);
  });

  it('a member who is not staff cannot open the request on the console', async () => {
    const { page } = await openAs(browser, base, session, '/admin/help-requests', { allowStatus: (s) => s === 403 });
    await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
  });
});
