import { launchBrowser } from '@marketplace/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, base), { headers, redirect: 'manual' });
}

/** The API reference at /api/docs: Swagger UI from the project's own node_modules, no other origin. */
describe('the API reference', () => {
  it('is an HTML page under a self-only CSP whose scripts and styles are served from /api/docs/assets', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|unsafe-eval|\*/);
    const html = await res.text();
    // No URL of another origin anywhere in the page, and no inline script.
    expect(html).not.toMatch(/(?:https?:)?\/\/[a-z0-9]/i);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual([
      expect.stringMatching(/^\/api\/docs\/assets\/[0-9a-f]{16}\/swagger-ui-bundle\.js$/),
      expect.stringMatching(/\/api-docs-browser\.js$/),
    ]);
    expect(styles).toEqual([expect.stringMatching(/^\/api\/docs\/assets\/[0-9a-f]{16}\/swagger-ui\.css$/)]);

    for (const [url, type] of [...scripts.map((s) => [s, 'text/javascript']), [styles[0]!, 'text/css']]) {
      const asset = await get(url!, { 'accept-encoding': 'gzip' });
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-type'), url).toContain(type);
      expect(asset.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      expect((await asset.arrayBuffer()).byteLength, url).toBeGreaterThan(100);
    }
    const bundle = await fetch(new URL(scripts[0]!, base), { headers: { 'accept-encoding': 'identity' } });
    expect(bundle.headers.get('content-encoding')).toBeNull();
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    // A stale or made-up asset URL is a 404 in the contract's error body.
    const stale = await get('/api/docs/assets/0000000000000000/swagger-ui-bundle.js');
    expect(stale.status).toBe(404);
    expect(await stale.json()).toMatchObject({ error: expect.any(String) });
  });

  it('is where /docs leads', async () => {
    const res = await get('/docs');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/docs');
  });

  describe('in a browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('renders every operation from /api/openapi.json, asking no other origin and breaking no CSP rule', async () => {
      const page = await browser.newPage();
      const origin = new URL(base).origin;
      const elsewhere: string[] = [];
      const refused: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith(origin) && !req.url().startsWith('data:')) elsewhere.push(req.url());
      });
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to/i.test(msg.text())) refused.push(msg.text());
      });
      page.on('pageerror', (err) => refused.push(String(err)));
      await page.goto(new URL('/api/docs', base).toString());
      await page.waitForSelector('.opblock-tag', { timeout: 30_000 });
      const doc = (await (await fetch(new URL('/api/openapi.json', base))).json()) as { paths: Record<string, Record<string, unknown>> };
      const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
      // Tags open one at a time (docExpansion 'none'): each shows all its operations, and together they are the document.
      let shown = 0;
      for (const tag of await page.locator('.opblock-tag').all()) {
        const name = await tag.getAttribute('data-tag');
        const expected = Object.values(doc.paths)
          .flatMap((item) => Object.values(item) as { tags?: string[] }[])
          .filter((o) => o.tags?.[0] === name).length;
        await tag.click();
        await expect.poll(() => page.locator('.opblock').count(), { timeout: 15_000 }).toBe(expected);
        shown += expected;
        await tag.click();
        await expect.poll(() => page.locator('.opblock').count()).toBe(0);
      }
      expect(shown).toBe(count);
      expect(await page.locator('.info .title').innerText()).toContain('Job marketplace API');

      // An operation opens with its summary, its error responses and an example.
      await page.locator('.opblock-tag[data-tag="jobs"]').click();
      await page.locator('#operations-jobs-postJob .opblock-summary-control').click();
      const op = page.locator('.opblock.is-open').first();
      await op.locator('.responses-table').first().waitFor();
      const statuses = await op.locator('.responses-table .response-col_status').allInnerTexts();
      expect(statuses.map((s) => s.trim().slice(0, 3))).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '429', '503']));
      expect(await op.locator('.example, .highlight-code').count()).toBeGreaterThan(0);

      expect(elsewhere).toEqual([]);
      expect(refused).toEqual([]);
      await page.close();
    });
  });
});
