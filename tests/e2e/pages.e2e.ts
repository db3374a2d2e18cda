import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { api, createMembers, launchBrowser, pngSize, setSetting, type TestMember, until } from '@marketplace/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const HOSTILE = [
  '## What to do',
  'Write **three** paragraphs. See [the brief](https://example.com/brief) or [mail us](mailto:jobs@example.com).',
  '',
  '<script>alert("x")</script> <img src="https://tracker.example/p.png" onerror="alert(1)">',
  '',
  '[click me](javascript:alert(1)) ![pixel](https://tracker.example/pixel.png)',
  '',
  '- a long unbroken word: Supercalifragilisticexpialidocious-Supercalifragilisticexpialidocious-Supercalifragilisticexpialidocious',
].join('\n');

let posters: TestMember[];
let jobs: { id: string; title: string; category: string }[];
let markdownJob: { id: string; title: string };

async function post(member: TestMember, body: Record<string, unknown>): Promise<any> {
  const res = await api(base, '/api/me/jobs', { key: member.key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const page = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

beforeAll(async () => {
  posters = await createMembers(nats, 3);
  jobs = [];
  // 21 jobs in all, so the board has a second page whatever else the run posted.
  for (let i = 0; i < 21; i += 1) {
    const category = i % 3 === 0 ? 'design' : 'writing';
    const title = `Front door job ${String(i).padStart(2, '0')} ${category === 'design' ? 'logo' : 'essay'}`;
    const job = await post(posters[i % 3]!, { title, category, constraints: `Job number ${i}.` });
    jobs.push({ id: job.id, title, category });
  }
  // The mailto address is public on purpose (a job's contact), so the exposure check is acknowledged.
  markdownJob = await post(posters[0]!, { title: 'Write an <em>essay</em> & more', category: 'writing', constraints: HOSTILE, acknowledgeExposures: true });
  const comment = await api(base, `/api/jobs/${markdownJob.id}/comments`, {
    key: posters[1]!.key,
    body: { body: 'Is <b>this</b> still open?\nAsking twice.' },
  });
  expect(comment.status).toBe(201);
});

describe('the front door and public pages (HTTP)', () => {
  it('/ explains the marketplace, links sign-in, agent access, the API reference and the MCP address; lists jobs newest first', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|nonce-/);
    expect(res.text).toContain('href="/sign-in"');
    expect(res.text).toContain('href="/agent-access"');
    expect(res.text).toContain('href="/api/docs"');
    expect(res.text).toContain(`<code id="mcp-url">${new URL(base).origin}/api/mcp</code>`);
    expect(res.text).toMatch(/<link rel="stylesheet" href="\/assets\/site\.css\?v=[0-9a-f]{12}">/);
    expect(res.text).not.toMatch(/<style|style=|<script(?![^>]*\ssrc=)/);
    // Newest first: the last posted comes before the ones before it.
    const order = [markdownJob.id, jobs[20]!.id, jobs[19]!.id].map((id) => res.text.indexOf(`/jobs/${id}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(res.text).toContain('Write an &lt;em&gt;essay&lt;/em&gt; &amp; more');
  });

  it('paginates 20 to a page, filters by category and searches', async () => {
    // The board's total is counted at most a few seconds ago (the jobs service shares its count),
    // so a board that had fewer jobs before this file posted its 22 may show one page for a moment.
    const first = await until(
      async () => {
        const res = await page('/');
        return res.text.includes('rel="next" href="/?page=2#board"') ? res : undefined;
      },
      { timeoutMs: 15_000, what: "the board to count this file's jobs" },
    );
    const second = await page('/?page=2');
    const cards = (html: string) => [...html.matchAll(/<li class="card job">\s*<h3><a href="\/jobs\/([^"]+)"/g)].map((m) => m[1]);
    expect(cards(first.text)).toHaveLength(20);
    expect(first.text).toContain('rel="next" href="/?page=2#board"');
    expect(cards(second.text).length).toBeGreaterThan(0);
    expect(cards(second.text).some((id) => cards(first.text).includes(id))).toBe(false);
    expect(second.text).toContain('rel="prev"');

    const design = await page('/?category=design');
    const designIds = cards(design.text);
    for (const j of jobs.filter((x) => x.category === 'design')) expect(designIds).toContain(j.id);
    for (const j of jobs.filter((x) => x.category !== 'design')) expect(designIds).not.toContain(j.id);
    expect(design.text).toMatch(/<option value="design" selected>/);

    const found = await page(`/?q=${encodeURIComponent('Front door job 07')}`);
    expect(found.status).toBe(200);
    expect(cards(found.text)).toContain(jobs[7]!.id);
    const none = await page('/?q=zzzqqqnothingmatches');
    expect(none.text).toContain('id="no-jobs"');
    // The search box keeps (escaped) what was typed.
    const typed = await page(`/?q=${encodeURIComponent('"><script>x</script>')}`);
    expect(typed.text).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(typed.text).not.toContain('<script>x');
  });

  it('/jobs/{id} renders the Markdown sanitised, with its applicants and comments', async () => {
    const res = await page(`/jobs/${markdownJob.id}`);
    expect(res.status).toBe(200);
    const t = res.text;
    expect(t).toContain('<h2>What to do</h2>');
    expect(t).toContain('<strong>three</strong>');
    expect(t).toContain('<a href="https://example.com/brief" rel="nofollow noopener noreferrer">the brief</a>');
    expect(t).toContain('<a href="mailto:jobs@example.com" rel="nofollow noopener noreferrer">mail us</a>');
    expect(t).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // No raw HTML, nothing loaded from elsewhere (an image becomes a plain link), no script links.
    expect(t).not.toMatch(/<script>alert|<img|<[a-z][^>]*\ssrc=|onerror="/);
    expect(t).not.toMatch(/href="javascript:/i);
    expect(t).toContain('[click me](javascript:alert(1))');
    expect(t).toContain('id="no-applicants"');
    expect(t).toContain('Is &lt;b&gt;this&lt;/b&gt; still open?\nAsking twice.');
    expect(t).toContain(`href="/members/${posters[0]!.id}"`);
  });

  it('/members/{id} is the public member page; unknown jobs and members are 404 pages', async () => {
    const member = await page(`/members/${posters[0]!.id}`);
    expect(member.status).toBe(200);
    expect(member.text).toContain(`<h1 id="member-name">${posters[0]!.name.replaceAll("'", '&#39;')}</h1>`);
    expect(member.text).toContain(`/jobs/${markdownJob.id}`);
    for (const path of ['/jobs/no-such-job', '/members/no-such-member']) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(missing.text, path).toMatch(/<h1>No such (job|member)<\/h1>/);
    }
  });

  it('serves one stylesheet and the compiled scripts from /assets, cached by content hash', async () => {
    const home = await page('/sign-in');
    const css = home.text.match(/href="(\/assets\/site\.css\?v=[0-9a-f]+)"/)![1]!;
    const js = home.text.match(/<script type="module" src="(\/assets\/sign-in\.js\?v=[0-9a-f]+)"><\/script>/)![1]!;
    const cssRes = await page(css);
    expect(cssRes.status).toBe(200);
    expect(cssRes.headers.get('content-type')).toMatch(/^text\/css/);
    expect(cssRes.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(cssRes.text).toContain('@media (min-width');
    const jsRes = await page(js);
    expect(jsRes.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(jsRes.text).toContain("from './dom.js'");
    expect(jsRes.text).not.toMatch(/: HTMLFormElement|sourceMappingURL/);
    expect((await page('/assets/dom.js')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect((await page('/assets/nothing.js')).status).toBe(404);
    expect((await page('/assets/site.css', { method: 'POST' })).status).toBe(405);
  });

  describe('while invite-only', () => {
    beforeAll(async () => {
      await setSetting(nats, 'invite_only', true);
    });
    afterAll(async () => {
      await setSetting(nats, 'invite_only', null);
    });

    it('signed out, job and member pages show the gate with the API status; the board shows it too', async () => {
      for (const path of [`/jobs/${markdownJob.id}`, `/members/${posters[0]!.id}`]) {
        const res = await page(path);
        expect(res.status, path).toBe(401);
        expect(res.text, path).toContain('id="gate"');
        expect(res.text, path).toContain(`href="/sign-in?next=${encodeURIComponent(path)}"`);
        expect(res.text, path).toContain('href="/join"');
        expect(res.text, path).not.toContain(markdownJob.id === path.split('/')[2] ? 'What to do' : posters[0]!.name);
      }
      const home = await page('/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('id="gate"');
      expect(home.text).not.toContain('Front door job');
      // A member from before the gate still reads them (through the API, the same rules).
      expect((await api(base, `/api/jobs/${markdownJob.id}`, { key: posters[0]!.key })).status).toBe(200);
    });
  });
});

describe('pages in Chromium at phone and desktop widths', () => {
  let browser: Browser;
  const shots = mkdtempSync(join(tmpdir(), 'marketplace-pages-'));
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, path: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
    page.on('response', (res) => {
      if (res.status() >= 400 && !res.url().includes('/jobs/no-such')) problems.push(`${res.status()}: ${res.url()}`);
    });
    const res = await page.goto(`${base}${path}`, { waitUntil: 'load' });
    expect(res!.status(), path).toBeLessThan(400);
    return { page, problems };
  }

  for (const width of [390, 1280]) {
    it(`at ${width} px: the board, a job and sign-in fit the width, load with no errors and show their key parts`, async () => {
      const paths: [string, string, (p: Page) => Promise<void>][] = [
        [
          'home',
          '/',
          async (p) => {
            await p.getByRole('heading', { level: 1, name: 'Jobs for people and their agents' }).waitFor();
            await p.getByRole('searchbox', { name: 'Search' }).waitFor();
            await p.getByRole('link', { name: jobs[20]!.title }).waitFor();
            expect(await p.locator('#mcp-url').isVisible()).toBe(true);
            expect(await p.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
          },
        ],
        [
          'job',
          `/jobs/${markdownJob.id}`,
          async (p) => {
            await p.getByRole('heading', { level: 1, name: 'Write an <em>essay</em> & more' }).waitFor();
            expect(await p.getByRole('link', { name: 'the brief' }).getAttribute('rel')).toBe('nofollow noopener noreferrer');
            await p.getByRole('heading', { name: 'Comments' }).waitFor();
            expect(await p.locator('img').count()).toBe(0);
          },
        ],
        [
          'sign-in',
          '/sign-in',
          async (p) => {
            await p.getByLabel('Email address').waitFor();
            await p.getByRole('button', { name: 'Email me a sign-in link' }).waitFor();
            // The compiled script runs under script-src 'self': an empty address is refused in the page.
            await p.getByRole('button', { name: 'Email me a sign-in link' }).click();
            await p.locator('#status.error').waitFor();
          },
        ],
      ];
      for (const [name, path, check] of paths) {
        const { page, problems } = await open(width, path);
        await check(page);
        // Computed style proves the stylesheet applied (CSP would block an inline one).
        expect(await page.evaluate(() => getComputedStyle(document.body).margin), name).toBe('0px');
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${name} at ${width}px overflows`).toBeLessThanOrEqual(innerWidth);
        await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
        // The one expected failure: the empty address the sign-in check sent on purpose (400, and Chrome's console line for it).
        const expected = (p: string) => name === 'sign-in' && (/^400: .*magic-link/.test(p) || /status of 400/.test(p));
        expect(
          problems.filter((p) => !expected(p)),
          name,
        ).toEqual([]);
        await page.close();
      }
    });
  }

  it('saved a whole screenshot of every page at each width, outside the repository', () => {
    expect(relative(process.cwd(), shots).startsWith('..'), shots).toBe(true);
    for (const width of [390, 1280]) {
      for (const name of ['home', 'job', 'sign-in']) {
        const size = pngSize(join(shots, `${name}-${width}.png`));
        // A full-page shot is as wide as the page: the viewport's width when nothing overflows.
        expect(size.width, `${name}-${width}.png`).toBe(width);
        expect(size.height, `${name}-${width}.png`).toBeGreaterThan(0);
      }
    }
    console.log(`screenshots in ${shots}`);
  });
});
