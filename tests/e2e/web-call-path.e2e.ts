import { randomInt, randomUUID } from 'node:crypto';

import { api, createMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

/**
 * The web pages call operations the way REST and MCP do, with the client's facts: the address the
 * trusted proxy settings resolve (the tests' gateway trusts X-Forwarded-For) and the user agent. So
 * a page's calls are counted and limited per client like the API's.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

// Addresses of their own, so their counts start at zero whatever ran before.
const address = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
const browser = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

async function joinFromPage(ip: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, 'user-agent': browser },
    body: new URLSearchParams({ action: 'waitlist', email: `wait-${randomUUID()}@example.test` }).toString(),
  });
  return { status: res.status, text: await res.text() };
}

describe('the web pages call as the client', () => {
  it('counts waitlist sign-ups from the gate page per address: one address used up leaves another free, and the API counts with the page', async () => {
    const first = address();
    const second = address();
    // WAITLIST_PER_MINUTE is 10 by default: ten joins from one address pass.
    for (let i = 0; i < 10; i++) {
      const joined = await joinFromPage(first);
      expect(joined.status, joined.text.slice(0, 300)).toBe(200);
    }
    const refused = await joinFromPage(first);
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/waitlist joins per minute from one address/);
    // The same address on the API is refused too: one count per client, whatever the surface.
    const viaApi = await api(base, '/api/waitlist', { body: { email: `wait-${randomUUID()}@example.test` }, headers: { 'x-forwarded-for': first } });
    expect(viaApi.status).toBe(429);
    // Another client is not locked out by the first.
    const other = await joinFromPage(second);
    expect(other.status, other.text.slice(0, 300)).toBe(200);
    expect(other.text).toContain('You are on the waitlist');
  });

  it('counts a signed-out visitor who opens a job page as a view of the job', async () => {
    const poster = await createMember(nats);
    const posted = await api(base, '/api/me/jobs', {
      key: poster.key,
      body: { title: 'Count my page views', category: 'data', constraints: '## Scope\nMerge two sheets.' },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const ip = address();
    const page = await fetch(`${base}/jobs/${posted.body.id}`, { headers: { 'user-agent': browser, 'x-forwarded-for': ip } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Count my page views');
    const report = await until(
      async () => {
        const res = await api(base, '/api/me/performance?days=7', { key: poster.key });
        expect(res.status).toBe(200);
        return res.body.totals.views === 1 ? res.body : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the page view to be counted' },
    );
    expect(report.jobs).toEqual([expect.objectContaining({ jobId: posted.body.id, views: 1 })]);
  });
});
