import { createHash, randomBytes } from 'node:crypto';

import { api, createMember, DESKTOP_WIDTH, networkUrlOf, openAs, pageProblemsAtWidths, signIn, type TestMember, until } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { postFromDraft } from './support/drafts.js';
import { webStage } from './support/web-stage.js';

/**
 * The rest of a member's pages in Chromium: renaming a personal file, the job eval on the
 * poster's job page after an edit, importing a network profile (look up, review, confirm) and a
 * candidate browsing and applying to team jobs without an API key.
 */

const stage = webStage(3);
const { base } = stage;

let browser: Browser, poster: TestMember, candidate: TestMember, owner: TestMember;
beforeAll(() => {
  browser = stage.browser();
  [poster, candidate, owner] = stage.members() as [TestMember, TestMember, TestMember];
});

async function open(session: string, path: string, allowStatus?: (status: number, url: string) => boolean) {
  return openAs(browser, base, session, path, { width: DESKTOP_WIDTH, allowStatus });
}

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `web-member-pages-${name}`)).toEqual([]);
}

const notice = (page: Page, text: string | RegExp) => page.locator('#notice').filter({ hasText: text }).waitFor();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function uploadedFile(member: TestMember, path: string): Promise<string> {
  const data = randomBytes(2_000);
  const created = await api(base, '/api/me/files', { key: member.key, body: { path, size: data.length, sha256: sha(data) } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.file.id as string;
  const put = await fetch(`${base}/api/me/files/${id}/chunks/0?sha256=${sha(data)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' },
    body: data,
  });
  expect(put.status).toBe(200);
  expect((await api(base, `/api/me/files/${id}/complete`, { key: member.key, body: {} })).status).toBe(200);
  return id;
}

describe('renaming a personal file on its page', () => {
  it('a taken name is refused next to the field; a new one is saved and listed', async () => {
    const id = await uploadedFile(poster, 'notes.txt');
    await uploadedFile(poster, 'taken.txt');
    const { page, problems } = await open(stage.session(poster), `/me/files/${id}`, (s) => s === 409);
    await checkPage(page, 'file');
    await page.getByLabel('New name').fill('TAKEN.txt');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.locator('#rename-path-error').filter({ hasText: 'Already exists.' }).waitFor();
    expect(await page.getByLabel('New name').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'file-rename-error');
    await page.getByLabel('New name').fill('reports/notes 2026.txt');
    await page.getByRole('button', { name: 'Rename' }).click();
    await notice(page, 'The file is renamed.');
    await page.getByRole('heading', { level: 1, name: 'reports/notes 2026.txt' }).waitFor();
    await checkPage(page, 'file-renamed');
    await page.getByRole('link', { name: 'All your files' }).click();
    await page.getByRole('link', { name: 'reports/notes 2026.txt' }).waitFor();
    expect(await page.getByRole('link', { name: 'notes.txt', exact: true }).count()).toBe(0);
    expect(problems.filter((p) => !/409/.test(p))).toEqual([]);
  });
});

describe("the job eval on the poster's job page", () => {
  it('shows the eval, and after an edit the eval written again for the new version', async () => {
    const { job } = await postFromDraft(poster, 'public');
    const { page, problems } = await open(stage.session(poster), `/me/jobs/${job.id}`);
    await page.locator('#job-eval-state').filter({ hasText: 'For version 1' }).waitFor();
    expect(await page.locator('#job-eval-score').textContent()).toBe('100/100.');
    await checkPage(page, 'job-eval');

    const edited = await api(base, `/api/me/jobs/${job.id}`, {
      key: poster.key,
      method: 'PATCH',
      body: { constraints: '## Scope\n\nFix the nightly export.\n\n## Deliverables\n\nA patch.' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // The rewrite runs in the background: the page says so until it is in.
    await until(
      async () => {
        await page.reload();
        return /For version 2/.test((await page.locator('#job-eval-state').textContent()) ?? '') ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the eval of version 2 on the job page' },
    );
    expect(await page.locator('#job-eval-score').textContent()).toBe('55/100.');
    expect(await page.locator('#job-eval-gaps li').allTextContents()).toEqual([
      'Timeline is not described',
      'Access is not described',
      'Proof of work is not described',
    ]);
    await checkPage(page, 'job-eval-edited');
    expect(problems).toEqual([]);

    // The eval is the poster's own: anyone else reads the same 404 as for a job with no draft.
    expect((await api(base, `/api/me/jobs/${job.id}/eval`, { key: poster.key })).body).toMatchObject({ jobId: job.id, jobVersion: 2 });
    expect((await api(base, `/api/me/jobs/${job.id}/eval`, { key: candidate.key })).status).toBe(404);
    const plain = await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Plain job without a draft', category: 'design', constraints: 'Draw.' } });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect((await api(base, `/api/me/jobs/${plain.body.id}/eval`, { key: poster.key })).status).toBe(404);
    const plainPage = await open(stage.session(poster), `/me/jobs/${plain.body.id}`);
    await plainPage.page.getByRole('heading', { level: 1, name: 'Plain job without a draft' }).waitFor();
    expect(await plainPage.page.locator('#job-eval').count()).toBe(0);
  }, 120_000);
});

describe('importing a network profile', () => {
  it('looks up by name, shows what would be imported, confirms, and the profile shows it', async () => {
    const nia = await createMember(stage.nats, { name: 'Nia Network', completeProfile: false });
    const session = (await signIn(base, stage.mailDir, { email: nia.email })).token;
    const { page, problems } = await open(session, '/me/profile', (s) => s === 400);
    await page.getByRole('link', { name: 'Import your network profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import your network profile' }).waitFor();
    await checkPage(page, 'network-lookup');

    // A link that is not a network profile is refused next to the link box.
    await page.getByLabel('Your network profile link').fill('https://example.com/someone');
    await page.getByRole('button', { name: 'Look it up' }).click();
    await page.locator('#link-networkUrl-error').waitFor();
    await checkPage(page, 'network-bad-link');

    await page.getByRole('button', { name: 'Find my profile' }).click();
    await page.locator('#matches li').nth(1).waitFor();
    expect(await page.locator('#matches h3').allTextContents()).toEqual(['Nia Network', 'Nia Network']);
    await checkPage(page, 'network-matches');
    await page.getByRole('link', { name: 'Review what Nia Network would import' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Review the import' }).waitFor();
    const shown = await page.locator('#imported').textContent();
    expect(shown).toContain('Data engineer at Example Co');
    expect(shown).toContain('SQL, Airflow, Python');
    expect(shown).toContain('Idaho');
    await checkPage(page, 'network-review');
    // Nothing is saved by looking.
    expect((await api(base, '/api/me', { key: nia.key })).body.profile.headline).toBeNull();

    // A first import needs the work authorization answer; without it nothing is saved.
    await page.getByRole('button', { name: 'Import into my profile' }).click();
    await page.locator('#import-usWorkAuthorized-error').waitFor();
    await checkPage(page, 'network-review-error');
    expect((await api(base, '/api/me', { key: nia.key })).body.networkUrl).toBeNull();
    await page.getByLabel('Are you authorized to work in the United States?').selectOption('yes');
    await page.getByRole('button', { name: 'Import into my profile' }).click();
    await notice(page, 'Your network profile is imported');
    expect(await page.getByLabel('Headline').inputValue()).toBe('Data engineer at Example Co');
    expect(await page.getByLabel('City').inputValue()).toBe('Boise');
    expect(await page.getByLabel('Skills').inputValue()).toBe('SQL\nAirflow\nPython');
    await checkPage(page, 'network-imported');
    const me = (await api(base, '/api/me', { key: nia.key })).body;
    expect(me).toMatchObject({ networkUrl: networkUrlOf('nia-network'), profile: { state: 'ID', usWorkAuthorized: true } });
    expect(problems.filter((p) => !/400/.test(p))).toEqual([]);
  });

  it('the preview answers what would be saved and what must be sent, saving nothing (REST)', async () => {
    const cy = await createMember(stage.nats, { name: 'Cy Nocity' });
    const res = await api(base, '/api/me/profile/network/preview', { key: cy.key, body: { networkUrl: networkUrlOf('cy-nocity') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Cy Nocity', headline: 'Remote writer', city: null, state: null, website: null, needs: ['city', 'state'] });
    expect((await api(base, '/api/me/profile/network/preview', { key: cy.key, body: { networkUrl: networkUrlOf('nobody-here') } })).status).toBe(404);
    const bad = await api(base, '/api/me/profile/network/preview', { key: cy.key, body: { networkUrl: 'http://network.example/in/x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['networkUrl']);
    expect((await api(base, '/api/me/profile/network/preview', { body: { networkUrl: networkUrlOf('cy-nocity') } })).status).toBe(401);
    expect((await api(base, '/api/me', { key: cy.key })).body.networkUrl).toBeNull();
  });
});

describe('a candidate browses and applies to team jobs in the browser', () => {
  it('saves the candidate profile, finds the open team jobs, applies after a field error; the team sees it', async () => {
    expect((await api(base, '/api/team', { key: owner.key, body: { name: 'Receipts Co' } })).status).toBe(201);
    const title = `label receipts ${randomBytes(3).toString('hex')}`;
    const posted = await api(base, '/api/team/jobs', {
      key: owner.key,
      body: { title, budget: 300, constraints: '## Scope\nLabel each **receipt**.', acceptListingFee: true },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const jobId = posted.body.id as string;

    const { page, problems } = await open(stage.session(candidate), '/me/candidate', (s) => s === 400);
    await page.getByRole('link', { name: 'browse the open team jobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team jobs' }).waitFor();
    await page.locator('#needs-profile').waitFor();
    await page.locator('#team-jobs h2').filter({ hasText: title }).waitFor();
    await checkPage(page, 'team-jobs-no-profile');

    await page.getByRole('link', { name: 'save it first' }).click();
    await page.getByLabel('State you live in').selectOption('TX');
    await page.getByLabel('I am authorized to work in the US').check();
    await page.getByRole('button', { name: 'Save the profile' }).click();
    await notice(page, 'Your candidate profile is saved');

    await page.getByRole('link', { name: 'browse the open team jobs' }).click();
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('.markdown strong').textContent()).toBe('receipt');
    await checkPage(page, 'team-job');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await page.locator('#apply-pitch-error').waitFor();
    await checkPage(page, 'team-job-error');
    await page.getByLabel('Why you fit').fill('I have labelled receipts for years.');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await notice(page, 'Your application is sent');
    await page.locator('.card').filter({ hasText: title }).filter({ hasText: 'submitted' }).waitFor();
    await checkPage(page, 'candidate-applied');

    await page.goto(`${base}/me/candidate/jobs/${jobId}`);
    await page.locator('#applied').waitFor();
    expect(await page.getByRole('button', { name: 'Send the application' }).count()).toBe(0);
    expect(problems.filter((p) => !/400/.test(p))).toEqual([]);

    const apps = await api(base, `/api/team/jobs/${jobId}/applications`, { key: owner.key });
    expect(apps.body.applications).toEqual([
      expect.objectContaining({
        pitch: 'I have labelled receipts for years.',
        status: 'submitted',
        candidate: expect.objectContaining({ id: candidate.id, state: 'TX' }),
      }),
    ]);
    // The team's own job is not offered to its owner.
    const own = await open(stage.session(owner), '/me/candidate/jobs');
    await own.page.getByRole('heading', { level: 1, name: 'Team jobs' }).waitFor();
    expect(await own.page.getByRole('link', { name: title }).count()).toBe(0);
  }, 60_000);
});
