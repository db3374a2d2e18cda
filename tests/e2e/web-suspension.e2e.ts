import { randomUUID } from 'node:crypto';

import { api, openAs, pageProblemsAtWidths, signIn, type TestMember } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/**
 * Suspension in the browser: staff suspend from the console, the member sees the notice and
 * appeals from the help page, staff find the appeal first and lift the suspension from it.
 */

const stage = webStage(1, { signedIn: [] });
const { base, mailDir } = stage;
const REASON = 'Repeated spam in job comments';

let browser: Browser, member: TestMember;
let staffSession: string;
beforeAll(async () => {
  browser = stage.browser();
  [member] = stage.members() as [TestMember];
  staffSession = (await signIn(base, mailDir, { email: `mod-${randomUUID().slice(0, 8)}@staff.example.test` })).token;
});

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `suspension-${name}`)).toEqual([]);
}

describe('suspension and appeal in the browser', () => {
  it('staff suspend from the console; a reason is required', async () => {
    const { page, problems } = await openAs(browser, base, staffSession, '/admin', { allowStatus: (s) => s === 400 });
    await page.getByRole('link', { name: 'Suspensions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Suspensions' }).waitFor();
    await checkPage(page, 'console-empty');

    await page.getByLabel('Member id').fill(member.id);
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page.locator('#suspend-reason-error').waitFor();
    expect(await page.getByLabel(/^Reason/).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel(/^Reason/).fill(REASON);
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page
      .locator('#notice')
      .filter({ hasText: `Suspended ${member.name}` })
      .waitFor();
    const listed = page.getByRole('row').filter({ hasText: member.id });
    expect(await listed.textContent()).toContain(REASON);
    await checkPage(page, 'console-suspended');
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    // The key the member had is gone with the suspension.
    expect((await api(base, '/api/me', { key: member.key })).status).toBe(401);
  });

  it('the member signs in, sees the suspension and appeals from the help page', async () => {
    const session = (await signIn(base, mailDir, { email: member.email })).token;
    const { page, problems } = await openAs(browser, base, session, '/me');
    const notice = page.locator('#suspension');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`Your account is suspended: ${REASON}`);
    await checkPage(page, 'me');

    await page.getByRole('link', { name: 'Appeal from the help page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    expect(await page.getByLabel('What is it about?').inputValue()).toBe('appeal');
    await checkPage(page, 'help');
    await page.getByLabel('What happened and what you need').fill('Those comments were answers to questions, not spam.');
    await page.getByRole('button', { name: 'Send to the team' }).click();
    await page.locator('#notice').filter({ hasText: 'Your request is with the team' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('staff see the appeal first and lift the suspension from it; the notice is gone', async () => {
    const { page, problems } = await openAs(browser, base, staffSession, '/admin/help-requests');
    const first = page.locator('tbody tr').first();
    expect(await first.textContent()).toContain('An appeal of my suspension');
    await first.getByRole('link', { name: 'An appeal of my suspension' }).click();
    await page.getByRole('heading', { level: 2, name: 'The appeal' }).waitFor();
    await checkPage(page, 'appeal');
    await page.getByLabel('Why lift (optional, audit log)').fill('Comments were on topic');
    await page.getByRole('button', { name: `Lift the suspension of ${member.name}` }).click();
    await page
      .locator('#notice')
      .filter({ hasText: `Lifted the suspension of ${member.name}` })
      .waitFor();
    expect(await page.textContent('main')).toContain('Nobody is suspended.');
    expect(problems).toEqual([]);

    const session = (await signIn(base, mailDir, { email: member.email })).token;
    const me = await openAs(browser, base, session, '/me');
    await me.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await me.page.locator('#suspension').count()).toBe(0);
  });
});
