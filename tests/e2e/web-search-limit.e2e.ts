import { randomInt } from 'node:crypto';

import { api, createMember, probeFixedWindow, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { expectFixedWindowLimit } from './support/limits.js';

/**
 * Searches from the web front page count in the REST route's allowance (30 a minute per client
 * address for visitors), the address being what the trusted proxy settings resolve: the tests'
 * gateway trusts X-Forwarded-For (E2E_ENV.TRUST_PROXY), so each test address is one client.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

const word = `wq${Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;
const title = `Sort the ${word} archive`;
// Addresses of their own, so their counts start at zero whatever ran before.
const address = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
}

async function frontPage(ip: string): Promise<Answer> {
  const res = await fetch(`${base}/?q=${word}`, { headers: { 'x-forwarded-for': ip } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
}

async function restSearch(ip: string): Promise<Answer> {
  const res = await api(base, `/api/jobs/search?q=${word}`, { headers: { 'x-forwarded-for': ip } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: JSON.stringify(res.body) };
}

/** Seconds to wait when the search limit refused, undefined when the search was answered (with the job). */
function refusal(a: Answer): number | undefined {
  if (a.status === 429) return Number(a.retryAfter);
  expect(a.status, a.text.slice(0, 500)).toBe(200);
  expect(a.text).toContain(title);
  return undefined;
}

beforeAll(async () => {
  const poster = await createMember(nats);
  const res = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'data', constraints: 'Label old files.' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
});

describe('front-page searches and the search limit', () => {
  it('counts the web page and the REST route in one allowance per address; the refusal is a friendly 429 page', async () => {
    const flooder = address();
    // The surfaces take turns: one allowance of 30 for the address, whichever surface spends it.
    const probe = await probeFixedWindow({
      max: 30,
      windowSeconds: 60,
      attempt: async (i) => (i % 2 ? restSearch(flooder) : frontPage(flooder)),
      retryAfterOf: refusal,
    });
    expectFixedWindowLimit(probe, 30, 60);

    // The page itself refuses (asked until refused, in case a new window just began).
    const page = await until(async () => {
      const a = await frontPage(flooder);
      return refusal(a) === undefined ? undefined : a;
    });
    expect(page.status).toBe(429);
    const seconds = Number(page.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(page.text).toMatch(/<h1>Jobs for people and their agents<\/h1>/);
    expect(page.text).toContain(`Too many searches, try again in ${seconds} second${seconds === 1 ? '' : 's'}. You can search 30 times per minute.`);
    expect(page.text).not.toContain(title);

    // Another address still searches, and the page without a search still shows the board.
    const other = await frontPage(address());
    expect(refusal(other)).toBeUndefined();
    const board = await fetch(`${base}/`, { headers: { 'x-forwarded-for': flooder } });
    expect(board.status).toBe(200);
  });
});
