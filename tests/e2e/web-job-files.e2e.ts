import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { FILE_LIMITS } from '@marketplace/contracts';
import { api, openAs, pageProblemsAtWidths, previewShown, type TestMember, until } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { webStage } from './support/web-stage.js';

/** A job's files in Chromium: the poster uploads, previews, downloads and deletes; the hired worker sees them once shared. */

const stage = webStage(2);
const { base } = stage;

let browser: Browser, poster: TestMember, worker: TestMember;
beforeAll(() => {
  browser = stage.browser();
  [poster, worker] = stage.members() as [TestMember, TestMember];
});

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Random pixels do not compress, so the PNG is about width × height × 3 bytes. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function postJob(title: string): Promise<string> {
  const res = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'design', constraints: 'Draw a logo.' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await pageProblemsAtWidths(page, `web-job-files-${name}`)).toEqual([]);
}

const notice = (page: Page, text: string | RegExp) => page.locator('#notice').filter({ hasText: text }).waitFor();
/** The 409 by which complete names the first chunk a cut-off upload lacks. */
const asksWhereToResume = (status: number, url: string) => status === 409 && /\/api\/jobs\/[^/]+\/files\/[^/]+\/complete$/.test(new URL(url).pathname);

/** The job's files as the API lists them for a member. */
async function listed(member: TestMember, jobId: string): Promise<{ id: string; path: string; status: string; size: number; folder: string }[]> {
  const res = await api(base, `/api/jobs/${jobId}/files`, { key: member.key });
  expect(res.status).toBe(200);
  return res.body.files;
}

async function chooseAndUpload(page: Page, name: string, buffer: Buffer, mimeType = 'application/octet-stream'): Promise<void> {
  await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType, buffer });
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Upload' }).click();
}

describe('job files in the browser', () => {
  let jobId: string;
  let image: Buffer;

  it('the poster uploads with progress, lists, previews an image and a text, downloads, deletes; a cut upload resumes', async () => {
    const title = `Files logo ${randomUUID().slice(0, 6)}`;
    jobId = await postJob(title);
    const { page, problems } = await openAs(browser, base, stage.session(poster), `/me/jobs/${jobId}`, { allowStatus: asksWhereToResume });
    await page.getByRole('link', { name: 'Files', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Files: ${title}` }).waitFor();
    await page.locator('#file-access').filter({ hasText: 'Nobody is hired yet.' }).waitFor();
    await page.locator('#no-poster-files').waitFor();
    await checkPage(page, 'empty');

    // Each chunk's request is seen before it leaves, with the progress bar as it stood then.
    const sent: { index: number; progress: number; max: number }[] = [];
    let cutOnce = -1;
    await page.route('**/api/jobs/*/files/*/chunks/*', async (route) => {
      const index = Number(new URL(route.request().url()).pathname.split('/').at(-1));
      const bar = await page.locator('#upload-progress').evaluate((el) => ({ value: (el as HTMLProgressElement).value, max: (el as HTMLProgressElement).max }));
      sent.push({ index, progress: bar.value, max: bar.max });
      if (index === cutOnce) {
        cutOnce = -1;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });

    image = await noisyPng(500, 400);
    expect(Math.ceil(image.length / FILE_LIMITS.chunkBytes)).toBe(3);
    await chooseAndUpload(page, 'brief/beach.png', image, 'image/png');
    await page.waitForURL(new RegExp(`/jobs/${jobId}/files/[^/?]+\\?done=uploaded$`));
    expect(sent.map((s) => s.index).sort()).toEqual([0, 1, 2]);
    expect(sent.every((s) => s.max === image.length)).toBe(true);
    await notice(page, 'Your file is uploaded.');
    await page.getByRole('heading', { level: 1, name: 'brief/beach.png' }).waitFor();
    await page.getByText('Poster folder of').waitFor();
    await previewShown(page, 'Preview of brief/beach.png');
    const download = await page.request.get(`${base}${await page.getByRole('link', { name: 'Download' }).getAttribute('href')}`);
    expect(download.status()).toBe(200);
    expect(sha(await download.body())).toBe(sha(image));
    await checkPage(page, 'image');

    // A text file shows its beginning in the page.
    await page.getByRole('link', { name: "All the job's files" }).click();
    const text = Buffer.from('# Brief\nA round logo, two colours.\n');
    await chooseAndUpload(page, 'brief/notes.md', text, 'text/markdown');
    await page.waitForURL(new RegExp(`/jobs/${jobId}/files/[^/?]+\\?done=uploaded$`));
    await page.locator('#text-preview-body').filter({ hasText: 'A round logo, two colours.' }).waitFor();
    expect(await page.locator('#text-preview-more').isHidden()).toBe(true);
    await checkPage(page, 'text');

    // An upload cut off midway (its third chunk never arrives) says so; the same file chosen again
    // resumes: only the missing chunk is sent, and the file is whole.
    await page.getByRole('link', { name: "All the job's files" }).click();
    const big = randomBytes(4 * FILE_LIMITS.chunkBytes - 1000);
    sent.length = 0;
    cutOnce = 2;
    await chooseAndUpload(page, 'drafts/big.bin', big);
    await page.locator('#upload-status').filter({ hasText: 'The connection was lost. Choose the same file again to resume.' }).waitFor();
    // The chunks already on their way when the third was cut still arrive: all but that one.
    const held = big.length - FILE_LIMITS.chunkBytes;
    const cut = await until(
      async () => {
        const file = (await api(base, `/api/jobs/${jobId}/files`, { key: poster.key })).body.files.find((f: { path: string }) => f.path === 'drafts/big.bin');
        return file?.received === held ? (file as { id: string; status: string }) : undefined;
      },
      { what: 'the chunks sent before the cut' },
    );
    expect(cut.status).toBe('uploading');
    await page.reload();
    await page.getByRole('cell', { name: `Uploading: ${Math.floor((held / big.length) * 100)}% received. Choose it again above to finish.` }).waitFor();
    await checkPage(page, 'cut');
    sent.length = 0;
    await chooseAndUpload(page, 'drafts/big.bin', big);
    await page.waitForURL(`${base}/jobs/${jobId}/files/${cut.id}?done=uploaded`);
    expect(sent.map((s) => s.index)).toEqual([2]);
    expect(sent[0]!.progress).toBeGreaterThanOrEqual(held);
    await page.locator('#notice').filter({ hasText: 'Your file is uploaded.' }).waitFor();
    const whole = await page.request.get(`${base}${await page.getByRole('link', { name: 'Download' }).getAttribute('href')}`);
    expect(sha(await whole.body())).toBe(sha(big));
    await page.getByText('No preview:').waitFor();

    // The list has all three; the poster deletes one from it.
    await page.getByRole('link', { name: "All the job's files" }).click();
    for (const name of ['brief/beach.png', 'brief/notes.md', 'drafts/big.bin']) await page.getByRole('link', { name }).waitFor();
    await checkPage(page, 'list');
    await page.getByRole('button', { name: 'Delete drafts/big.bin' }).click();
    await notice(page, 'The file is being deleted');
    expect((await listed(poster, jobId)).filter((f) => f.path === 'drafts/big.bin' && f.status !== 'deleting')).toEqual([]);
    // Only the request the test cut failed, and the 409 naming where to resume was answered.
    expect(problems.filter((p) => !p.includes('/chunks/2?') && !/status of 409|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('the hired worker sees the job files only once the poster shares them, and writes only the worker folder', async () => {
    const app = await api(base, `/api/jobs/${jobId}/applications`, {
      key: worker.key,
      body: { pitch: 'I draw logos.', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    expect((await api(base, `/api/me/job-applications/${app.body.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);

    // Before access: the work page links the files, which refuse the worker; no file name shows.
    const mine = await openAs(browser, base, stage.session(worker), `/jobs/${jobId}/work`, { allowStatus: (s, url) => s === 403 && url.endsWith('/files') });
    await mine.page.getByRole('link', { name: 'Job files' }).click();
    await mine.page.getByText("The poster has not given you access to this job's files.").waitFor();
    expect(await mine.page.getByText('beach.png').count()).toBe(0);
    const refused = await fetch(`${base}/jobs/${jobId}/files`, { headers: { cookie: `mk_session=${stage.session(worker)}` } });
    expect(refused.status).toBe(403);

    // The poster shares the files from the hiring page's link to them.
    const own = await openAs(browser, base, stage.session(poster), `/me/jobs/${jobId}`);
    await own.page.getByRole('link', { name: /files so far/ }).click();
    await own.page.locator('#file-access').filter({ hasText: 'cannot reach the job files yet' }).waitFor();
    await own.page.getByRole('button', { name: 'Let the worker use the job files' }).click();
    await notice(own.page, 'The hired worker can now use the job files.');
    await checkPage(own.page, 'shared');

    // Now the worker reads the poster's files, previews and downloads one, but cannot delete it.
    await mine.page.goto(`${base}/jobs/${jobId}/files`);
    await mine.page.locator('#file-access').filter({ hasText: "The poster shared the job's files with you" }).waitFor();
    await mine.page.getByRole('link', { name: 'brief/notes.md' }).waitFor();
    expect(await mine.page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await checkPage(mine.page, 'worker-list');
    await mine.page.getByRole('link', { name: 'brief/beach.png' }).click();
    await mine.page.getByRole('img', { name: 'Preview of brief/beach.png' }).waitFor();
    const got = await mine.page.request.get(`${base}${await mine.page.getByRole('link', { name: 'Download' }).getAttribute('href')}`);
    expect(sha(await got.body())).toBe(sha(image));
    await checkPage(mine.page, 'worker-image');

    // The worker's own upload lands in the worker folder, and they may delete it.
    await mine.page.getByRole('link', { name: "All the job's files" }).click();
    await chooseAndUpload(mine.page, 'sketch.txt', Buffer.from('first sketch\n'), 'text/plain');
    await mine.page.waitForURL(new RegExp(`/jobs/${jobId}/files/[^/?]+\\?done=uploaded$`));
    await mine.page.getByText('Worker folder of').waitFor();
    await mine.page.locator('#text-preview-body').filter({ hasText: 'first sketch' }).waitFor();
    expect((await listed(poster, jobId)).find((f) => f.path === 'sketch.txt')).toMatchObject({ folder: 'worker', status: 'ready' });
    await mine.page.getByRole('button', { name: 'Delete sketch.txt' }).click();
    await notice(mine.page, 'The file is being deleted');

    // Withdrawn, the files are closed to the worker again.
    await own.page.getByRole('button', { name: "Withdraw the worker's access" }).click();
    await notice(own.page, 'The hired worker can no longer reach the job files.');
    await mine.page.goto(`${base}/jobs/${jobId}/files`);
    await mine.page.getByText("The poster has not given you access to this job's files.").waitFor();
    expect(mine.problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
    expect(own.problems).toEqual([]);
    await mine.page.context().close();
    await own.page.context().close();
  });

  it("a closed job's files are listed but no longer offered for download, preview, upload or delete", async () => {
    const closedJob = await postJob(`Closed files ${randomUUID().slice(0, 6)}`);
    const data = Buffer.from('kept for the record\n');
    const created = await api(base, `/api/jobs/${closedJob}/files`, { key: poster.key, body: { path: 'record.txt', size: data.length, sha256: sha(data) } });
    expect(created.status).toBe(201);
    const fileId = created.body.file.id as string;
    const chunk = await fetch(`${base}/api/jobs/${closedJob}/files/${fileId}/chunks/0?sha256=${sha(data)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${poster.key}`, 'content-type': 'application/octet-stream' },
      body: data,
    });
    expect(chunk.status).toBe(200);
    expect((await api(base, `/api/jobs/${closedJob}/files/${fileId}/complete`, { key: poster.key, method: 'POST' })).status).toBe(200);
    expect((await api(base, `/api/me/jobs/${closedJob}/close`, { key: poster.key, method: 'POST' })).status).toBe(200);

    const { page, problems } = await openAs(browser, base, stage.session(poster), `/jobs/${closedJob}/files`);
    await page.getByText("This job's files are closed").waitFor();
    await page.getByRole('cell', { name: 'record.txt' }).waitFor();
    expect(await page.getByRole('link', { name: 'record.txt' }).count()).toBe(0);
    expect(await page.locator('#upload-form').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await checkPage(page, 'closed');
    await page.goto(`${base}/jobs/${closedJob}/files/${fileId}`);
    await page.getByRole('heading', { level: 1, name: 'record.txt' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0);
    expect(await page.locator('#text-preview').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
