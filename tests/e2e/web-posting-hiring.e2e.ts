import { api, axeViolations, openAs, pageProblemsAtWidths, PHONE_WIDTH, type TestMember, until } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/** A poster in Chromium: posting from the form, previewing, editing against a concurrent edit, hiring, file access, closing. */

const stage = webStage(3, { signedIn: [0] });
const { base } = stage;

let browser: Browser, poster: TestMember, ann: TestMember, bob: TestMember;
let session: string;
/** The job posted through the form; later tests edit it and hire for it. */
let jobId: string;
beforeAll(() => {
  browser = stage.browser();
  [poster, ann, bob] = stage.members() as [TestMember, TestMember, TestMember];
  session = stage.session(poster);
});

/** The page is accessible and fits a phone and a desktop, with screenshots of both kept. */
async function checkPage(path: string, name: string): Promise<void> {
  const { page, problems } = await openAs(browser, base, session, path);
  expect(await pageProblemsAtWidths(page, name)).toEqual([]);
  expect(problems, path).toEqual([]);
  await page.context().close();
}

interface MyJob {
  id: string;
  status: string;
  version: number;
  title: string;
  constraints: string;
}
const jobOf = async (id: string): Promise<MyJob | undefined> =>
  ((await api(base, '/api/me/jobs', { key: poster.key })).body.jobs as MyJob[]).find((j) => j.id === id);

async function submit(page: Page, selector: string): Promise<number> {
  const [res] = await Promise.all([page.waitForNavigation(), page.click(selector)]);
  return res!.status();
}

describe('posting a job from the form', () => {
  it('shows the empty title next to its field, previews the Markdown live, then posts', async () => {
    const { page, problems } = await openAs(browser, base, session, '/me/jobs/new', { allowStatus: (s, url) => s === 400 && url.endsWith('/me/jobs/new') });
    await page.selectOption('#job-category', 'data');
    await page.fill('#job-constraints', '## Scope\n\nClean the **rows** of a CSV.\n\n<script>alert(1)</script>');
    // The live preview comes from the server's own renderer: headings and emphasis, raw HTML only as text.
    await page.waitForSelector('#job-preview h2');
    expect(await page.textContent('#job-preview h2')).toBe('Scope');
    expect(await page.textContent('#job-preview strong')).toBe('rows');
    expect(await page.locator('#job-preview script').count()).toBe(0);
    expect(await page.textContent('#job-preview')).toContain('<script>alert(1)</script>');
    // With the preview live, the round-trip Preview button is not needed.
    expect(await page.isVisible('#job-preview-button')).toBe(false);

    expect(await submit(page, '#job-submit')).toBe(400);
    expect(await page.textContent('#job-title-error')).toContain('Required');
    expect(await page.getAttribute('#job-title', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#job-title', 'aria-describedby')).toContain('job-title-error');
    expect(await page.inputValue('#job-constraints')).toContain('Clean the **rows**');
    expect(await page.inputValue('#job-category')).toBe('data');
    expect(await axeViolations(page)).toEqual([]);

    await page.fill('#job-title', 'Clean a customer CSV');
    expect(await submit(page, '#job-submit')).toBe(200);
    const url = new URL(page.url());
    expect(url.searchParams.get('done')).toBe('posted');
    jobId = url.pathname.split('/')[3]!;
    expect(await page.textContent('#notice')).toContain('posted');
    expect(await page.textContent('#job-status')).toBe('Open');
    // The refused form itself answered 400, which the browser logs; nothing else went wrong.
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    const job = await jobOf(jobId);
    expect(job).toMatchObject({ title: 'Clean a customer CSV', status: 'open', version: 1 });
    await page.context().close();
  });

  it('previews without JavaScript: the Preview button renders the same Markdown on the form sent back', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: PHONE_WIDTH, height: 900 } });
    await context.addCookies([{ name: 'mk_session', value: session, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/me/jobs/new`);
    await page.fill('#job-title', 'Kept title');
    await page.fill('#job-constraints', '## Deliverables\n\n- one *clean* file\n- [a link](javascript:alert(1))');
    expect(await submit(page, '#job-preview-button')).toBe(200);
    expect(await page.textContent('#job-preview h2')).toBe('Deliverables');
    expect(await page.textContent('#job-preview li em')).toBe('clean');
    expect(await page.locator('#job-preview a').count()).toBe(0);
    expect(await page.inputValue('#job-title')).toBe('Kept title');
    expect(await page.locator('#job-title-error').count()).toBe(0);
    await context.close();
  });

  it('offers to acknowledge personal details the service refused, and posts once they are acknowledged', async () => {
    const { page } = await openAs(browser, base, session, '/me/jobs/new', { allowStatus: (s, url) => s === 400 && url.endsWith('/me/jobs/new') });
    await page.fill('#job-title', 'Proofread a letter');
    await page.selectOption('#job-category', 'writing');
    await page.fill('#job-constraints', 'Send the letter back to jane.doe@example.com when done.');
    expect(await submit(page, '#job-submit')).toBe(400);
    expect(await page.textContent('#job-constraints-error')).toContain('email address');
    expect(await page.textContent('#job-exposures')).toContain('email address');
    expect(await axeViolations(page)).toEqual([]);
    await page.check('#job-acknowledgeExposures');
    expect(await submit(page, '#job-submit')).toBe(200);
    expect(new URL(page.url()).searchParams.get('done')).toBe('posted');
    await page.context().close();
  });

  it('the new-job form and my jobs fit a phone and a desktop and pass axe', async () => {
    await checkPage('/me/jobs/new', 'me-jobs-new');
    await checkPage('/me/jobs', 'me-jobs');
  });
});

describe('editing a job', () => {
  it('shows the version it will publish, a 409 when the job moved meanwhile, and publishes over it on purpose', async () => {
    await checkPage(`/me/jobs/${jobId}/edit`, 'me-job-edit');
    const { page } = await openAs(browser, base, session, `/me/jobs/${jobId}/edit`, { allowStatus: (s) => s === 409 });
    expect(await page.textContent('#job-version')).toContain('version 1; saving publishes version 2');
    expect(await page.inputValue('#job-title')).toBe('Clean a customer CSV');

    const meanwhile = await api(base, `/api/me/jobs/${jobId}`, {
      key: poster.key,
      method: 'PATCH',
      body: { title: 'Clean a customer CSV (edited by my agent)' },
    });
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.body.version).toBe(2);

    await page.fill('#job-constraints', '## Scope\n\nClean and deduplicate the rows.');
    expect(await submit(page, '#job-submit')).toBe(409);
    expect(await page.textContent('#notice')).toContain('moved to version 2');
    expect(await page.textContent('#job-moved')).toContain('version 2');
    expect(await page.inputValue('#job-constraints')).toContain('deduplicate');
    expect(await axeViolations(page)).toEqual([]);
    expect((await jobOf(jobId))?.version).toBe(2);

    expect(await submit(page, '#job-submit')).toBe(200);
    expect(new URL(page.url()).searchParams.get('done')).toBe('edited');
    expect(await jobOf(jobId)).toMatchObject({ version: 3, constraints: expect.stringContaining('deduplicate') });
    await page.context().close();
  });
});

describe("hiring from the poster's page of the job", () => {
  let annApp: string;
  let bobApp: string;

  beforeAll(async () => {
    const apply = async (m: TestMember, pitch: string) => {
      const res = await api(base, `/api/jobs/${jobId}/applications`, { key: m.key, body: { pitch, acceptResponsibility: true, model: 'test-model-1' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    annApp = await apply(ann, 'I clean CSVs every week.\nTwo days.');
    // A new version between the two applications: Ann's then applies to an older one.
    const edit = await api(base, `/api/me/jobs/${jobId}`, {
      key: poster.key,
      method: 'PATCH',
      body: { constraints: '## Scope\n\nClean, deduplicate and sort the rows.' },
    });
    expect(edit.status).toBe(200);
    bobApp = await apply(bob, 'Happy to help.');
  });

  it('lists the applications with pitch, resume and version; declines one and hires the other, then shows the contact', async () => {
    const { page, problems } = await openAs(browser, base, session, `/me/jobs/${jobId}`);
    const annCard = page.locator(`#application-${annApp}`);
    const bobCard = page.locator(`#application-${bobApp}`);
    expect(await annCard.textContent()).toContain('I clean CSVs every week.');
    expect(await annCard.textContent()).toContain('to version 3');
    expect(await annCard.textContent()).toContain('the job changed since');
    expect(await bobCard.textContent()).toContain('to version 4');
    expect(await bobCard.textContent()).not.toContain('the job changed since');
    expect(await annCard.locator('summary').textContent()).toContain('Resume');
    // No contact before the hire.
    expect(await page.textContent('main')).not.toContain(ann.email);
    expect(await page.textContent('.waits')).toContain('Waiting on you: 2 applications wait');

    expect(await submit(page, `text=Decline ${bob.name}`)).toBe(200);
    expect(await page.textContent('#notice')).toContain('Declined');
    expect(await page.locator(`#application-${bobApp} .status`).textContent()).toBe('Declined');

    expect(await submit(page, `text=Hire ${ann.name}`)).toBe(200);
    expect(await page.textContent('#notice')).toContain('Hired');
    expect(await page.textContent(`#contact-${annApp}`)).toContain(ann.email);
    expect(await page.textContent('#job-status')).toBe('In progress');
    expect(await page.locator('button', { hasText: 'Hire' }).count()).toBe(0);
    expect(await page.locator(`a[href="/jobs/${jobId}/work"]`).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('grants the hired worker access to the job files', async () => {
    expect((await api(base, `/api/jobs/${jobId}/files`, { key: ann.key })).status).toBe(403);
    // The files service opens the job's area when it hears of the hire.
    const page = await until(
      async () => {
        const opened = await openAs(browser, base, session, `/me/jobs/${jobId}`);
        if (await opened.page.locator('#files-heading').count()) return opened.page;
        await opened.page.context().close();
        return undefined;
      },
      { what: 'the job files section' },
    );
    expect(await page.textContent('#file-access')).toContain('cannot reach');
    expect(await submit(page, 'text=Let the worker use the job files')).toBe(200);
    expect(await page.textContent('#notice')).toContain('can now use the job files');
    expect(await page.textContent('#file-access')).toContain('can read the job files');
    const files = await api(base, `/api/jobs/${jobId}/files`, { key: ann.key });
    expect(files.status).toBe(200);
    expect(files.body).toMatchObject({ role: 'worker', workerAccess: true });
    await page.context().close();
    await checkPage(`/me/jobs/${jobId}`, 'me-job-hiring');
  });

  it('my jobs shows the hired job with what it waits on and its work page', async () => {
    const { page } = await openAs(browser, base, session, '/me/jobs');
    const card = page.locator(`#job-${jobId}`);
    expect(await card.locator('.status').textContent()).toBe('In progress');
    expect(await card.locator('.waits').textContent()).toContain('Waiting on the worker');
    expect(await card.locator(`a[href="/jobs/${jobId}/work"]`).count()).toBe(1);
    expect(await card.locator(`a[href="/me/jobs/${jobId}/edit"]`).count()).toBe(0);
    await page.context().close();
  });
});

describe('closing a job', () => {
  it('asks first, then closes it and declines who was waiting', async () => {
    const job = (await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Label some photos', category: 'data', constraints: 'Label 100 photos.' } }))
      .body;
    const applied = await api(base, `/api/jobs/${job.id}/applications`, {
      key: bob.key,
      body: { pitch: 'I label fast.', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(applied.status).toBe(201);
    await checkPage(`/me/jobs/${job.id}/close`, 'me-job-close');
    const { page } = await openAs(browser, base, session, `/me/jobs/${job.id}`);
    expect(await submit(page, `a[href="/me/jobs/${job.id}/close"]`)).toBe(200);
    expect((await jobOf(job.id))?.status).toBe('open');
    expect(await submit(page, '#close-confirm')).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/me/jobs');
    expect(await page.textContent('#notice')).toContain('closed');
    // A closed job leaves the board but stays in its poster's list, marked closed.
    expect(await page.locator(`#job-${job.id} .status`).innerText()).toBe('Closed');
    expect(await jobOf(job.id)).toMatchObject({ status: 'closed', expired: false });
    const mine = (await api(base, '/api/me/applications', { key: bob.key })).body.applications.find((a: { id: string }) => a.id === applied.body.id);
    expect(mine.status).toBe('declined');
    await page.context().close();
  });
});
