import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { until } from './until.js';

/**
 * The one toolkit of the browser tests of server-rendered pages: open a page as a signed-in
 * member, collect what went wrong in the browser, check the layout at a width (with a screenshot
 * kept as a test artifact), and run axe's accessibility rules.
 */

/** Where screenshots are kept: `TEST_ARTIFACTS` or `test-artifacts/` at the repository root. */
export function screenshotDir(): string {
  const dir = join(process.env.TEST_ARTIFACTS ?? join(process.cwd(), 'test-artifacts'), 'screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The pixel size a PNG file declares (its IHDR chunk), so a test can tell a screenshot was written
 * whole at the width it was taken at. Throws when the file is missing or not a PNG.
 */
export function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') {
    throw new Error(`${file} is not a PNG image`);
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export const PHONE_WIDTH = 390;
export const DESKTOP_WIDTH = 1280;

export interface OpenedPage {
  page: Page;
  /** Console errors, CSP violations, failed requests and 4xx/5xx answers seen so far. */
  problems: string[];
}

/**
 * A new browser context at `width` with the member's session cookie (`mk_session` token), on
 * `path`. 4xx answers are problems unless `allowStatus` says the test expects them.
 */
export async function openAs(
  browser: Browser,
  baseUrl: string,
  sessionToken: string | null,
  path: string,
  opts: { width?: number; allowStatus?: (status: number, url: string) => boolean } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? DESKTOP_WIDTH, height: 900 } });
  if (sessionToken) await context.addCookies([{ name: 'mk_session', value: sessionToken, url: baseUrl }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('requestfailed', (req) => {
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${req.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !opts.allowStatus?.(res.status(), res.url())) problems.push(`${res.status()}: ${res.url()}`);
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  return { page, problems };
}

/**
 * The page fits its width (nothing scrolls sideways), the one stylesheet applied, and a full-page
 * screenshot is kept as `<name>-<width>.png`.
 */
export async function checkLayout(page: Page, name: string): Promise<{ overflow: number; styled: boolean; screenshot: string }> {
  const width = page.viewportSize()?.width ?? 0;
  // Expressions as strings: this library is compiled without the DOM's types.
  const styled = (await page.evaluate('getComputedStyle(document.body).margin')) === '0px';
  const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
  const screenshot = join(screenshotDir(), `${name}-${width}.png`);
  await page.screenshot({ path: screenshot, fullPage: true });
  return { overflow: Math.max(0, scrollWidth - innerWidth), styled, screenshot };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const axeSource = (): string => {
  const require = createRequire(import.meta.url);
  return (require('axe-core') as { source: string }).source;
};

/**
 * axe-core's WCAG 2 A/AA rules on the page as it is now. The script is evaluated through the
 * browser's DevTools protocol, which the pages' Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource());
  const result = await page.evaluate<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
  );
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * The bar every member page meets in a browser test, at a phone's and a desktop's width: no axe
 * violation, the stylesheet applied, nothing scrolling sideways, and a screenshot `<name>-<width>`.
 * Returns what failed (empty when the page passes), for the test to assert.
 */
export async function pageProblemsAtWidths(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
    await page.setViewportSize({ width, height: 900 });
    for (const v of await axeViolations(page)) found.push(`${name} at ${width}px: ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
    const layout = await checkLayout(page, name);
    if (!layout.styled) found.push(`${name} at ${width}px: the stylesheet did not apply`);
    if (layout.overflow) found.push(`${name} at ${width}px: scrolls ${layout.overflow}px sideways`);
  }
  return found;
}

/**
 * Waits for a file's preview image (made just after the upload) to show and load, reloading the
 * page until it is there.
 */
export async function previewShown(page: Page, alt: string): Promise<void> {
  const preview = page.getByRole('img', { name: alt });
  await until(
    async () => {
      if (await preview.count()) return true;
      await page.reload();
      return undefined;
    },
    { timeoutMs: 20_000, intervalMs: 500, what: 'the preview' },
  );
  await until(async () => ((await preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) > 0 ? true : undefined));
}
