import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { DELETE_CONFIRMATION, FILE_LIMITS } from '@marketplace/contracts';
import {
  api,
  createMember,
  launchBrowser,
  openAs,
  pageProblemsAtWidths,
  previewShown,
  sessionHeaders,
  setSetting,
  signIn,
  type TestMember,
  until,
} from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** The Me pages of the member web app, driven by a signed-in person in Chromium. */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Random pixels do not compress, so the PNG is about width × height × 3 bytes. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

interface Visitor {
  member: TestMember;
  token: string;
  cookie: string;
}

/** A member with a complete profile, signed in through the emailed link as a browser would be. */
async function visitor(): Promise<Visitor> {
  const member = await createMember(nats);
  const session = await signIn(base, mailDir, { email: member.email });
  return { member, token: session.token, cookie: session.cookie };
}

/** No axe violations, no sideways scroll and the stylesheet applied, at phone and desktop widths (screenshots kept). */
async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `me-${name}`)).toEqual([]);
}

/**
 * Problems but the browser's own console line for an answer the test expects (a refused form's
 * 400, or the 409 by which the service names the first part a cut-off upload lacks).
 */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/^Failed to load resource: the server responded with a status of (400 \(Bad Request\)|404 \(Not Found\)|409 \(Conflict\))$/.test(p));

describe('the Me pages over HTTP', () => {
  it('send a signed-out visitor to sign in and back, and refuse a form posted from another site', async () => {
    for (const path of ['/me', '/me/profile', '/me/files', '/me/invitations', '/me/settings', '/me/reports', '/me/delete']) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
    const { member, cookie } = await visitor();
    const res = await fetch(`${base}/me/delete`, {
      method: 'POST',
      redirect: 'manual',
      body: `confirm=${encodeURIComponent(DELETE_CONFIRMATION)}`,
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Sign in on this site');
    expect((await api(base, '/api/me', { key: member.key })).status).toBe(200);
  });
});

describe('the Me pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the overview names the member and links every part and the other sections', async () => {
    const { member, token } = await visitor();
    const { page, problems } = await openAs(browser, base, token, '/me');
    await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
    for (const [name, href] of [
      ['Profile and photo', '/me/profile'],
      ['Files', '/me/files'],
      ['Invitations', '/me/invitations'],
      ['Email and agents', '/me/settings'],
      ['Content reports', '/me/reports'],
      ['Delete account', '/me/delete'],
      ['My jobs', '/me/jobs'],
      ['Applications', '/me/applications'],
      ['Messages', '/me/messages'],
      ['Notifications', '/me/notifications'],
      ['Agent access', '/agent-access'],
    ] as const) {
      expect(await page.locator('main').getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    await checkPage(page, 'overview');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('edits the profile (a field error first), uploads a photo and removes it', async () => {
    const { member, token } = await visitor();
    const { page, problems } = await openAs(browser, base, token, '/me/profile', {
      allowStatus: (status, url) => status === 400 && new URL(url).pathname === '/me/profile',
    });
    await page.getByLabel('Headline').fill('Spreadsheet fixer');
    await page.getByLabel('Skills').fill('Excel\nSQL');
    await page.getByLabel('Website').fill('http://example.com/me');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const website = page.getByLabel('Website');
    await page.locator('#profile-website-error').filter({ hasText: 'Must be an https:// URL.' }).waitFor();
    expect(await website.getAttribute('aria-invalid')).toBe('true');
    expect(await website.getAttribute('aria-describedby')).toContain('profile-website-error');
    // What was typed comes back, and nothing was saved.
    expect(await page.getByLabel('Headline').inputValue()).toBe('Spreadsheet fixer');
    expect((await api(base, '/api/me', { key: member.key })).body.profile.headline).not.toBe('Spreadsheet fixer');
    await checkPage(page, 'profile-error');

    // Public text is checked as job text is: a phone number in About is named next to its field.
    await website.fill('https://example.com/me');
    await page.getByRole('textbox', { name: 'About' }).fill('Call me on 415-555-0132 any time');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.locator('#profile-about-error').filter({ hasText: 'phone number' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'About' }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: 'About' }).fill('Tidy spreadsheets, fast.');

    await website.fill('https://example.com/me');
    await page.getByLabel('State', { exact: true }).selectOption('CA');
    await page.getByLabel('Show my name, photo and record when I apply').check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').filter({ hasText: 'Your profile is saved.' }).waitFor();
    const saved = (await api(base, '/api/me', { key: member.key })).body.profile;
    expect(saved).toMatchObject({
      headline: 'Spreadsheet fixer',
      skills: ['Excel', 'SQL'],
      website: 'https://example.com/me',
      state: 'CA',
      applicantVisibility: 'public',
    });

    await page.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await noisyPng(300, 200) });
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await page.getByRole('status').filter({ hasText: 'Your new photo is saved.' }).waitFor();
    const photoUrl = (await api(base, '/api/me', { key: member.key })).body.photoUrl as string;
    expect(photoUrl).toMatch(new RegExp(`^/api/members/${member.id}/photo/[0-9a-f]+$`));
    const photo = page.getByRole('img', { name: 'Your current photo' });
    expect(await photo.getAttribute('src')).toBe(photoUrl);
    await until(async () => ((await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)) > 0 ? true : undefined));
    await checkPage(page, 'profile');

    await page.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByRole('status').filter({ hasText: 'Your photo is removed.' }).waitFor();
    expect((await api(base, '/api/me', { key: member.key })).body.photoUrl).toBeNull();
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it('uploads a file with progress and shows its preview; an interrupted upload resumes with only the missing part; deletes', async () => {
    const { member, token } = await visitor();
    const { page, problems } = await openAs(browser, base, token, '/me/files', {
      allowStatus: (status, url) =>
        (status === 409 && /\/api\/me\/files\/[^/]+\/complete$/.test(new URL(url).pathname)) || (status === 400 && new URL(url).pathname === '/api/me/files'),
    });
    await page.getByText('You have no files yet.').waitFor();

    // Each chunk's request is seen before it leaves: which part, and how far the bar had come; and
    // how many chunks were on their way at once (several: one at a time is a fraction as fast).
    const sent: { index: number; progress: number; status: string }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const isChunk = (url: string) => /\/api\/me\/files\/[^/]+\/chunks\/\d+$/.test(new URL(url).pathname);
    page.on('requestfinished', (req) => {
      if (isChunk(req.url())) inFlight -= 1;
    });
    page.on('requestfailed', (req) => {
      if (isChunk(req.url())) inFlight -= 1;
    });
    await page.route('**/api/me/files/*/chunks/*', async (route) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const index = Number(new URL(route.request().url()).pathname.split('/').at(-1));
      const progress = await page.locator('#upload-progress').evaluate((el) => (el as HTMLProgressElement).value);
      sent.push({ index, progress, status: await page.locator('#upload-status').innerText() });
      await route.continue();
    });

    const image = await noisyPng(500, 400);
    expect(Math.ceil(image.length / FILE_LIMITS.chunkBytes)).toBe(3);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: image });
    expect(await page.getByLabel('Name').inputValue()).toBe('beach.png');
    // A name the service refuses: its message stands next to the name, and nothing is sent.
    await page.getByLabel('Name').fill('holiday/../beach.png');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('#upload-path-error').filter({ hasText: 'Must not contain . or .. segments.' }).waitFor();
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await page.getByLabel('Name').fill('holiday/beach.png');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/\/me\/files\/[^/?]+\?done=uploaded$/);
    expect(sent.map((s) => s.index).sort()).toEqual([0, 1, 2]);
    expect(mostInFlight).toBeGreaterThan(1);
    // The bar never stood past the bytes of the parts sent before, as each part left.
    for (const [i, s] of sent.entries()) {
      const before = sent.slice(0, i).reduce((n, p) => n + Math.min(FILE_LIMITS.chunkBytes, image.length - p.index * FILE_LIMITS.chunkBytes), 0);
      expect(s.progress).toBeLessThanOrEqual(before);
    }
    await page.getByRole('status').filter({ hasText: 'Your file is uploaded.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'holiday/beach.png' }).waitFor();

    await previewShown(page, 'Preview of holiday/beach.png');
    const download = await page.request.get(
      await page
        .getByRole('link', { name: 'Download' })
        .getAttribute('href')
        .then((h) => `${base}${h}`),
    );
    expect(download.status()).toBe(200);
    expect(sha(await download.body())).toBe(sha(image));
    await checkPage(page, 'file');

    // An upload cut off after two of its three parts (here by an agent over the API).
    const data = randomBytes(600_000);
    const created = await api(base, '/api/me/files', { key: member.key, body: { path: 'notes/big.bin', size: data.length, sha256: sha(data) } });
    expect(created.status).toBe(201);
    const fileId = created.body.file.id as string;
    for (const index of [0, 2]) {
      const bytes = data.subarray(index * FILE_LIMITS.chunkBytes, (index + 1) * FILE_LIMITS.chunkBytes);
      const res = await fetch(`${base}/api/me/files/${fileId}/chunks/${index}?sha256=${sha(bytes)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' },
        body: bytes,
      });
      expect(res.status).toBe(200);
    }
    await page.goto(`${base}/me/files`);
    await page.getByRole('cell', { name: /^Uploading: 56% received/ }).waitFor();
    await checkPage(page, 'files');

    sent.length = 0;
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: data });
    await page.getByLabel('Name').fill('notes/big.bin');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(`${base}/me/files/${fileId}?done=uploaded`);
    const held = data.length - FILE_LIMITS.chunkBytes;
    expect(sent).toEqual([{ index: 1, progress: expect.any(Number), status: `Resuming: ${held} of ${data.length} bytes were already received.` }]);
    expect(sent[0]!.progress).toBeGreaterThanOrEqual(held);
    const listed = (await api(base, '/api/me/files', { key: member.key })).body.files;
    expect(listed.find((f: { id: string }) => f.id === fileId)).toMatchObject({ status: 'ready', size: data.length, received: data.length });
    await page.getByText('No preview:').waitFor();

    await page.getByRole('button', { name: 'Delete notes/big.bin' }).click();
    await page.getByRole('status').filter({ hasText: 'The file is being deleted' }).waitFor();
    const after = (await api(base, '/api/me/files', { key: member.key })).body.files as { id: string; status: string }[];
    expect(after.filter((f) => f.id === fileId && f.status !== 'deleting')).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it('sends a file over the proxied cap straight to the store in parts, sends them again after a reload cut it off, and keeps to chunks where the page names no store', async () => {
    const { member, token } = await visitor();
    const isChunk = (url: string) => /\/api\/me\/files\/[^/]+\/chunks\/\d+$/.test(new URL(url).pathname);
    const { page, problems } = await openAs(browser, base, token, '/me/files', {
      // complete answers 503 while the whole file is checked.
      allowStatus: (status, url) => status === 503 && /\/api\/me\/files\/[^/]+\/complete$/.test(new URL(url).pathname),
    });
    // The launcher's store takes uploads from the pages (its CORS rule), so the page names it and may reach it.
    const store = await page.locator('#upload-form').getAttribute('data-store');
    expect(store).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(store).not.toBe(new URL(base).origin);
    const policy = (await fetch(`${base}/me/files`, { headers: { cookie: `mk_session=${token}` } })).headers.get('content-security-policy');
    expect(policy).toContain(`connect-src 'self' ${store};`);
    expect((await fetch(`${base}/me`, { headers: { cookie: `mk_session=${token}` } })).headers.get('content-security-policy')).toContain("connect-src 'self';");

    const parts: string[] = [];
    const chunks: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === store && req.method() === 'PUT') parts.push(url.searchParams.get('partNumber') ?? '?');
      if (isChunk(req.url())) chunks.push(url.pathname);
    });
    // Part 2's first PUT is held back, and the member reloads the page while it hangs: the upload is cut off.
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const part2 = (url: URL) => url.origin === store && url.searchParams.get('partNumber') === '2';
    await page.route(part2, () => {
      held();
    });
    const data = randomBytes(6 * 1024 * 1024);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'video.bin', mimeType: 'application/octet-stream', buffer: data });
    await page.getByRole('button', { name: 'Upload' }).click();
    await holding;
    await page.unroute(part2);
    await page.reload();
    await page.getByRole('cell', { name: /^Uploading:/ }).waitFor();
    const [cutOff] = (await api(base, '/api/me/files', { key: member.key })).body.files as { id: string; status: string }[];
    expect(cutOff).toMatchObject({ status: 'uploading' });

    // Chosen again, it resumes: the parts go to the store again (it cannot be asked which it holds), and complete names them.
    parts.length = 0;
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'video.bin', mimeType: 'application/octet-stream', buffer: data });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(`${base}/me/files/${cutOff!.id}?done=uploaded`);
    expect(parts.sort()).toEqual(['1', '2']);
    expect(chunks).toEqual([]);
    const download = await page.request.get(
      await page
        .getByRole('link', { name: 'Download' })
        .getAttribute('href')
        .then((h) => `${base}${h}`),
    );
    expect(download.status()).toBe(200);
    expect(sha(await download.body())).toBe(sha(data));

    // A site whose store takes no uploads from its pages names none: the same size then goes through the API in chunks.
    await page.goto(`${base}/me/files`);
    await page.locator('#upload-form').evaluate((form) => {
      delete (form as HTMLFormElement).dataset.store;
    });
    parts.length = 0;
    const other = randomBytes(FILE_LIMITS.proxyBytes + 300_000);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'other.bin', mimeType: 'application/octet-stream', buffer: other });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/\/me\/files\/[^/?]+\?done=uploaded$/);
    expect(parts).toEqual([]);
    expect(chunks).toHaveLength(Math.ceil(other.length / FILE_LIMITS.chunkBytes));
    const listed = (await api(base, '/api/me/files', { key: member.key })).body.files as { path: string; status: string; size: number }[];
    expect(listed.map((f) => [f.path, f.status, f.size]).sort()).toEqual([
      ['other.bin', 'ready', other.length],
      ['video.bin', 'ready', data.length],
    ]);
    // Nothing failed but the browser's console line for each 503 complete answered while it checked.
    const checking = 'Failed to load resource: the server responded with a status of 503 (Service Unavailable)';
    expect(unexpected(problems).filter((p) => p !== checking)).toEqual([]);
    await page.context().close();
  });

  it('stops sending chunks once one is refused, and says why', async () => {
    const { token } = await visitor();
    const isChunk = (url: string) => /\/api\/me\/files\/[^/]+\/chunks\/\d+$/.test(new URL(url).pathname);
    const { page, problems } = await openAs(browser, base, token, '/me/files', {
      allowStatus: (status, url) => status === 409 && isChunk(url),
    });
    // Chunk 0 is refused; the others already on their way are held until the page has said so,
    // so any chunk asked for after that was sent past the refusal.
    const requested: number[] = [];
    let release!: () => void;
    const refusalShown = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me/files/*/chunks/*', async (route) => {
      const index = Number(new URL(route.request().url()).pathname.split('/').at(-1));
      requested.push(index);
      if (index === 0) {
        await route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Chunk 0 was already received with other bytes.' }),
        });
        return;
      }
      await refusalShown;
      await route.continue();
    });
    const data = randomBytes(8 * FILE_LIMITS.chunkBytes);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'refused.bin', mimeType: 'application/octet-stream', buffer: data });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('#upload-status').filter({ hasText: 'Chunk 0 was already received with other bytes.' }).waitFor();
    release();
    await page.waitForTimeout(1000);
    // The four taken at once went (each worker sends the one it took); none was taken after the refusal.
    expect(requested.sort()).toEqual([0, 1, 2, 3]);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it('changes the email switches, shows the invite link, invites by email (a field error first) and lists content reports', async () => {
    const { member, token, cookie } = await visitor();
    const { page, problems } = await openAs(browser, base, token, '/me/settings', {
      allowStatus: (status, url) => status === 400 && new URL(url).pathname === '/me/invitations/email',
    });
    expect(await page.getByRole('checkbox').count()).toBe(5);
    await page.getByLabel('Messages').uncheck();
    await page.getByLabel('Comments').uncheck();
    await page.getByRole('button', { name: 'Save email choices' }).click();
    await page.getByRole('status').filter({ hasText: 'Your email choices are saved.' }).waitFor();
    const switches = (await api(base, '/api/me/contact-notifications', { key: member.key })).body;
    expect(switches).toMatchObject({ comments: false, messages: false, applications: true, hiringAndWork: true, preferredWorker: true });
    expect(await page.getByLabel('Messages').isChecked()).toBe(false);
    expect(await page.getByRole('link', { name: 'Agent access' }).last().getAttribute('href')).toBe('/agent-access');
    await checkPage(page, 'settings');

    await page.goto(`${base}/me/invitations`);
    const link = (await api(base, '/api/me/invite-link', { headers: { cookie } })).body;
    expect(await page.getByLabel('Share this link').inputValue()).toBe(link.url);
    await page.getByLabel('Their email address').fill('not an address');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.locator('#invite-email-error').waitFor();
    expect(await page.getByLabel('Their email address').getAttribute('aria-invalid')).toBe('true');
    const friend = `friend-${randomUUID().slice(0, 8)}@example.test`;
    await page.getByLabel('Their email address').fill(friend);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('status').filter({ hasText: 'Your invitation is on its way.' }).waitFor();
    await page.getByRole('cell', { name: friend }).waitFor();
    await checkPage(page, 'invitations');

    const other = await createMember(nats);
    const report = await api(base, '/api/content-reports', {
      headers: sessionHeaders(base, { cookie }),
      body: { kind: 'member', itemId: other.id, reason: 'spam', details: 'Sends the same offer everywhere' },
    });
    expect(report.status).toBe(201);
    await page.goto(`${base}/me/reports`);
    await page.getByRole('cell', { name: 'Sends the same offer everywhere' }).waitFor();
    await page.getByRole('cell', { name: 'Waiting for the moderators' }).waitFor();
    await checkPage(page, 'reports');
    await page.getByRole('link', { name: 'dismissed', exact: true }).click();
    await page.getByText('No reports dismissed.').waitFor();
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it('while invite-only, a newcomer accepts an invitation on the invitations page (a wrong token refused first)', async () => {
    const { member: inviter } = await visitor();
    const { token: invitation } = (await api(base, '/api/me/invite-link', { key: inviter.key })).body as { token: string };
    await setSetting(nats, 'invite_only', true);
    try {
      const newcomer = await signIn(base, mailDir);
      const { page, problems } = await openAs(browser, base, newcomer.token, '/me/invitations', {
        allowStatus: (status, url) => status >= 400 && status < 500 && new URL(url).pathname === '/me/invitations/accept',
      });
      expect(await page.getByLabel('Share this link').count()).toBe(0);
      await page.getByLabel('Invitation token').fill('not-a-real-invitation');
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.getByRole('alert').waitFor();
      await page.locator('#accept-token-error').waitFor();
      expect(await page.getByLabel('Invitation token').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Invitation token').inputValue()).toBe('not-a-real-invitation');
      await checkPage(page, 'invitation-accept');

      await page.getByLabel('Invitation token').fill(invitation);
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.getByRole('status').filter({ hasText: 'You are in.' }).waitFor();
      await page.getByLabel('Share this link').waitFor();
      expect((await api(base, '/api/me/invite-link', { key: inviter.key })).body.joined).toHaveLength(1);
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    } finally {
      await setSetting(nats, 'invite_only', null);
    }
  });

  it('deletes the account after a wrong phrase is refused next to its field; the session ends on the front page with a notice', async () => {
    const { member, token } = await visitor();
    const { page, problems } = await openAs(browser, base, token, '/me/delete', {
      allowStatus: (status, url) => status === 400 && new URL(url).pathname === '/me/delete',
    });
    await checkPage(page, 'delete');
    const phrase = page.getByLabel(`Type "${DELETE_CONFIRMATION}" to confirm`);
    await phrase.fill('delete account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page
      .locator('#delete-confirm-error')
      .filter({ hasText: `Type "${DELETE_CONFIRMATION}" exactly.` })
      .waitFor();
    expect(await phrase.getAttribute('aria-invalid')).toBe('true');
    expect((await api(base, '/api/me', { key: member.key })).status).toBe(200);
    await checkPage(page, 'delete-error');

    await phrase.fill(DELETE_CONFIRMATION);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${base}/?done=account-deleted`);
    await page.getByRole('status').filter({ hasText: 'Your account is deleted and you are signed out.' }).waitFor();
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto(`${base}/me`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect((await api(base, '/api/me', { key: member.key })).status).toBe(401);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });
});
