import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { launchBrowser, signIn, type TestMember } from '@marketplace/testing';

/*
 * What a member sees on the files page: the same file uploaded in Chromium, once the way the page
 * does it where the store takes page uploads (presigned parts straight to the store) and once
 * where it does not (the attribute naming the store removed: 256 KiB chunks through the API).
 * Each time is from the Upload button to the file's page, so it includes what the member waits
 * for: the page's sha256 of the file, the upload, and complete's check of the whole file.
 */

export interface WebUploadFigures {
  /** Seconds, button to the file's page. */
  storeSeconds: number;
  chunksSeconds: number;
}

export async function webPageUploads(opts: { base: string; mailDir: string; member: TestMember; data: Buffer; dir: string }): Promise<WebUploadFigures> {
  const file = join(opts.dir, 'web-upload.bin');
  await writeFile(file, opts.data);
  const session = await signIn(opts.base, opts.mailDir, { email: opts.member.email });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'mk_session', value: session.token, url: opts.base }]);
    // No request listener: with one, Playwright's view of each request slowed the page's uploads
    // threefold. Which way the bytes went is what tests/e2e/web-me.e2e.ts checks.
    const page = await context.newPage();
    const upload = async (name: string, viaStore: boolean): Promise<number> => {
      await page.goto(`${opts.base}/me/files`);
      const form = page.locator('#upload-form');
      if (!(await form.getAttribute('data-store'))) throw new Error('The files page names no store: is S3_BROWSER_UPLOADS off?');
      // As a string: this package is compiled without the DOM's types.
      if (!viaStore) await page.evaluate("delete document.getElementById('upload-form').dataset.store");
      if (!viaStore && (await form.getAttribute('data-store'))) throw new Error('The store is still named on the files page');
      await page.getByLabel('File', { exact: true }).setInputFiles(file);
      await page.getByLabel('Name').fill(name);
      const started = performance.now();
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.waitForURL(/\/me\/files\/[^/?]+\?done=uploaded$/, { timeout: 300_000 });
      const seconds = (performance.now() - started) / 1000;
      // Its quota back for the next upload.
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('status').filter({ hasText: 'The file is being deleted' }).waitFor();
      return seconds;
    };
    const storeSeconds = await upload('bench/web-store.bin', true);
    const chunksSeconds = await upload('bench/web-chunks.bin', false);
    return { storeSeconds, chunksSeconds };
  } finally {
    await browser.close();
  }
}
