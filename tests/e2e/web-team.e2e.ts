import { randomUUID } from 'node:crypto';

import { api, createMembers, launchBrowser, openAs, pageProblemsAtWidths, signIn, type TestMember } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** The team (company) and candidate pages in Chromium: a company hires a candidate who applied with a key made in the browser. */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

let browser: Browser;
let owner: TestMember;
let teammate: TestMember;
let candidate: TestMember;
let ownerSession: string;
let teammateSession: string;
let candidateSession: string;

beforeAll(async () => {
  browser = await launchBrowser();
  [owner, teammate, candidate] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
  ownerSession = (await signIn(base, mailDir, { email: owner.email })).token;
  candidateSession = (await signIn(base, mailDir, { email: candidate.email })).token;
  teammateSession = (await signIn(base, mailDir, { email: teammate.email })).token;
});
afterAll(async () => {
  await browser?.close();
});

const checkPage = async (page: Page, name: string) => expect(await pageProblemsAtWidths(page, `team-${name}`)).toEqual([]);

const refused = (status: number) => status === 400;
/** What went wrong in the browser besides the refused form the test sent on purpose (a 400 answer and its console line). */
const unexpected = (problems: string[]) => problems.filter((p) => !/^400: |status of 400 \(Bad Request\)/.test(p));

describe('a company and a candidate in the browser', () => {
  const company = `Acme ${randomUUID().slice(0, 6)}`;
  let firstJob = '';
  let secondJob = '';
  let candidateKey = '';

  it('creates a team (an empty name refused first), renames it, invites a member and makes a team key shown once', async () => {
    const { page, problems } = await openAs(browser, base, ownerSession, '/me', { allowStatus: refused });
    await page.getByRole('link', { name: 'Company (team)' }).click();
    await page.getByRole('heading', { level: 2, name: 'Create a team' }).waitFor();
    await checkPage(page, 'none');

    await page.getByRole('button', { name: 'Create the team' }).click();
    await page.locator('#create-name-error').waitFor();
    expect(await page.getByLabel('Company name').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'create-refused');
    await page.getByLabel('Company name').fill(`${company} draft`);
    await page.getByRole('button', { name: 'Create the team' }).click();
    await page.locator('#notice').filter({ hasText: 'Your team is created' }).waitFor();
    expect(await page.textContent('main')).toContain('owner');

    await page.getByLabel('Company name').fill(company);
    await page.getByRole('button', { name: 'Rename the team' }).click();
    await page.locator('#notice').filter({ hasText: 'The team is renamed' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(company);

    await page.getByLabel('Their email address').fill(teammate.email);
    await page.getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.locator('#notice').filter({ hasText: 'Invitation sent' }).waitFor();
    // Nobody joins without accepting.
    const members = page.getByRole('region', { name: 'Team members' });
    expect(await members.textContent()).not.toContain(teammate.email);

    // The invitee sees the invitation on the team page and joins.
    const invitee = await openAs(browser, base, teammateSession, '/me/team');
    await invitee.page.getByRole('heading', { level: 2, name: 'Invitations to join a team' }).waitFor();
    expect(await invitee.page.textContent('main')).toContain(`As admin · invited by ${owner.name}`);
    await checkPage(invitee.page, 'invited');
    await invitee.page.getByRole('button', { name: `Join ${company}` }).click();
    await invitee.page.locator('#notice').filter({ hasText: 'You joined the team' }).waitFor();
    expect(await invitee.page.getByRole('heading', { level: 1 }).textContent()).toBe(company);
    expect(invitee.problems).toEqual([]);
    await page.goto(`${base}/me/team`);
    expect(await page.getByRole('region', { name: 'Team members' }).textContent()).toContain(teammate.email);

    await page.getByLabel('Key name').fill('hiring script');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${base}/me/team/api-keys`),
      page.getByRole('button', { name: 'Create a team key' }).click(),
    ]);
    expect(answer.headers()['cache-control']).toBe('no-store');
    const key = (await page.locator('#new-key-value').textContent()) ?? '';
    expect(key.length).toBeGreaterThan(20);
    expect(page.url()).toBe(`${base}/me/team/api-keys`);
    const team = await api(base, '/api/team', { key });
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ team: { name: company }, role: 'owner' });
    expect(team.body.members).toEqual(expect.arrayContaining([expect.objectContaining({ email: teammate.email, role: 'admin' })]));
    await page.goto(`${base}/me/team`);
    expect(await page.content()).not.toContain(key);
    await checkPage(page, 'team');
    expect(unexpected(problems)).toEqual([]);
  });

  it('posts a team job (an uppercase title refused first) and shows it on the team page', async () => {
    const { page, problems } = await openAs(browser, base, ownerSession, '/me/team', { allowStatus: refused });
    await page.getByRole('link', { name: 'Post a team job' }).click();
    await page.getByRole('heading', { level: 1, name: 'Post a team job' }).waitFor();
    await checkPage(page, 'job-new');
    await page.getByLabel('Title').fill('Label Receipts');
    await page.getByLabel('Budget in whole US dollars').fill('500');
    await page.getByLabel('What the work is').fill('## Scope\nLabel each receipt by category.');
    await page.getByRole('button', { name: 'Post the job' }).click();
    await page.locator('#job-title-error').waitFor();
    expect(await page.locator('#job-title-error').textContent()).toContain('lowercase');
    expect(await page.locator('#job-acceptListingFee-error').count()).toBe(1);
    await checkPage(page, 'job-refused');
    await page.getByLabel('Title').fill('label a thousand receipts');
    await page.getByLabel(/listing fee/).check();
    await page.getByRole('button', { name: 'Post the job' }).click();
    await page.locator('#notice').filter({ hasText: 'The team job is posted' }).waitFor();
    firstJob = page.url().split('/me/team/jobs/')[1]!.split('?')[0]!;
    expect(await page.locator('main h2', { hasText: 'Scope' }).count()).toBe(1);

    const second = await api(base, '/api/team/jobs', {
      key: owner.key,
      body: { title: 'sort invoices', budget: 80, constraints: 'Sort them by month.', acceptListingFee: true },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    secondJob = second.body.id;
    await page.goto(`${base}/me/team`);
    expect(await page.getByRole('link', { name: 'label a thousand receipts' }).getAttribute('href')).toBe(`/me/team/jobs/${firstJob}`);
    expect(await page.textContent('main')).toContain('Jobs posted');
    await page.getByRole('link', { name: '7 days' }).click();
    await page.getByText('Over the last 7 days').waitFor();
    expect(unexpected(problems)).toEqual([]);
  });

  it('a candidate saves a profile and makes a candidate key in the browser, then applies to both jobs through the API', async () => {
    const { page, problems } = await openAs(browser, base, candidateSession, '/me');
    await page.getByRole('link', { name: 'Candidate profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Candidate profile' }).waitFor();
    expect(await page.textContent('main')).toContain('unavailable');
    await checkPage(page, 'candidate-new');
    await page.getByLabel('State you live in').selectOption('OR');
    await page.getByLabel('I am authorized to work in the US').check();
    await page.getByRole('button', { name: 'Save the profile' }).click();
    await page.locator('#notice').filter({ hasText: 'Your candidate profile is saved' }).waitFor();

    await page.getByLabel('Key name').fill('job hunter');
    await page.getByRole('button', { name: 'Create a candidate key' }).click();
    candidateKey = (await page.locator('#new-key-value').textContent()) ?? '';
    const board = await api(base, '/api/jobs', { key: candidateKey });
    expect(board.body.jobs.map((j: { id: string }) => j.id)).toEqual(expect.arrayContaining([firstJob, secondJob]));
    for (const id of [firstJob, secondJob]) {
      const applied = await api(base, `/api/jobs/${id}/applications`, { key: candidateKey, body: { pitch: 'I label receipts every day.' } });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    }
    expect(problems).toEqual([]);
  });

  it('the owner hires the candidate from the job page; the candidate sees the hire and withdraws the other application', async () => {
    const { page, problems } = await openAs(browser, base, ownerSession, `/me/team/jobs/${firstJob}`);
    await page.getByRole('heading', { level: 2, name: 'Applications' }).waitFor();
    expect(await page.textContent('main')).toContain('I label receipts every day.');
    expect(await page.textContent('main')).not.toContain(candidate.email);
    await checkPage(page, 'job');
    await page.getByRole('button', { name: `Hire ${candidate.name}` }).click();
    await page.locator('#notice').filter({ hasText: 'Hired' }).waitFor();
    expect(await page.textContent('main')).toContain(candidate.email);
    expect(await page.getByRole('button', { name: 'Close the job' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Hire / }).count()).toBe(0);

    const mine = await openAs(browser, base, candidateSession, '/me/candidate');
    const main = (await mine.page.textContent('main')) ?? '';
    expect(main).toContain('accepted');
    expect(main).toContain(owner.email);
    await mine.page.getByRole('button', { name: 'Withdraw from sort invoices' }).click();
    await mine.page.locator('#notice').filter({ hasText: 'Your application is withdrawn' }).waitFor();
    expect(await mine.page.getByRole('button', { name: /^Withdraw/ }).count()).toBe(0);
    await checkPage(mine.page, 'candidate');
    const listed = await api(base, '/api/candidate/applications', { key: candidateKey });
    expect(listed.body.applications.map((a: { jobId: string; status: string }) => [a.jobId, a.status])).toEqual(
      expect.arrayContaining([
        [firstJob, 'accepted'],
        [secondJob, 'withdrawn'],
      ]),
    );

    // The owner closes the other job from its page.
    await page.goto(`${base}/me/team/jobs/${secondJob}`);
    await page.getByRole('button', { name: 'Close the job' }).click();
    await page.locator('#notice').filter({ hasText: 'The job is closed' }).waitFor();
    expect([...problems, ...mine.problems]).toEqual([]);
  });

  it('the teammate leaves with the button, then declines a new invitation; the owner alone is told leaving dissolves the team', async () => {
    const { page, problems } = await openAs(browser, base, teammateSession, '/me/team');
    await page.getByRole('button', { name: 'Leave the team' }).click();
    await page.locator('#notice').filter({ hasText: 'You left the team' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Create a team' }).waitFor();

    expect((await api(base, '/api/team/members', { key: owner.key, body: { email: teammate.email } })).status).toBe(202);
    await page.goto(`${base}/me/team`);
    await page.getByRole('button', { name: `Decline ${company}` }).click();
    await page.locator('#notice').filter({ hasText: 'The invitation is declined' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Invitations to join a team' }).count()).toBe(0);
    expect(problems).toEqual([]);

    // The owner, alone again, is told what leaving would do.
    const mine = await openAs(browser, base, ownerSession, '/me/team');
    expect(await mine.page.textContent('main')).toContain('You are the last member');
    expect(mine.problems).toEqual([]);
  });
});
