import { randomUUID } from 'node:crypto';

import { jobEditedV1, jobPostedV1 } from '@marketplace/contracts';
import { api, connectAs, createMember, type TestMember, until } from '@marketplace/testing';
import { jetstream } from '@nats-io/jetstream';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });

afterAll(async () => {
  await db.end();
});

const job = (title: string) => ({
  title,
  category: 'data',
  constraints: '## Scope\nMerge two sheets.\n\n## Deliverables\n- one sheet',
});

async function post(member: TestMember, title: string): Promise<{ id: string }> {
  const res = await api(base, '/api/me/jobs', { key: member.key, body: job(title) });
  expect(res.status).toBe(201);
  return res.body;
}

/**
 * Posts a job and waits until its job.posted event has gone by (heard as the gateway hears it),
 * so that event cannot drop a page the test caches afterwards.
 */
async function postAndSettle(member: TestMember, title: string): Promise<{ id: string }> {
  const nc = await connectAs(nats, 'gateway');
  try {
    const sub = nc.subscribe(jobPostedV1.subject);
    const posted = await post(member, title);
    for await (const msg of sub) {
      if ((msg.json() as { payload: { jobId: string } }).payload.jobId === posted.id) break;
    }
    // The gateway heard the same message; give its callback a moment to run.
    await new Promise((r) => setTimeout(r, 200));
    return posted;
  } finally {
    await nc.close();
  }
}

const titlesOn = (page: { jobs: { title: string }[] }) => page.jobs.map((j) => j.title);

/**
 * Posts a job, caches its page, then renames the row without a word to the gateway: the cached
 * page, old title and all, is still what a reader gets.
 */
async function renamedBehindTheCache(poster: TestMember, label: string): Promise<{ posted: { id: string }; path: string; renamed: string }> {
  const title = `${label} ${randomUUID().slice(0, 8)}`;
  const posted = await postAndSettle(poster, title);
  const path = `/api/jobs/${posted.id}`;
  expect((await api(base, path)).body.title).toBe(title);
  const renamed = `${title} (renamed)`;
  await db.query('UPDATE jobs.jobs SET title = $2 WHERE id = $1', [posted.id, renamed]);
  expect((await api(base, path)).body.title).toBe(title);
  return { posted, path, renamed };
}

describe('anonymous board reads', () => {
  it("carry a strong ETag and Cache-Control no-store (the contract's, for every API answer), and answer 304 to If-None-Match", async () => {
    // Jobs of other suites expire or change meanwhile, and a page that moved rightly answers 200
    // with its new ETag; so the pair is read again until the page held still between its reads.
    const { first, again } = await until(async () => {
      const read = await api(base, '/api/jobs?limit=5');
      expect(read.status).toBe(200);
      const revalidated = await api(base, '/api/jobs?limit=5', { headers: { 'if-none-match': read.headers.get('etag')! } });
      expect([200, 304]).toContain(revalidated.status);
      return revalidated.status === 304 ? { first: read, again: revalidated } : undefined;
    });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('vary')).toMatch(/Authorization/i);
    expect(again.body || '').toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const other = await api(base, '/api/jobs?limit=5', { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
    expect(Array.isArray(other.body.jobs)).toBe(true);

    const categories = await api(base, '/api/jobs/categories');
    expect(categories.status).toBe(200);
    expect(categories.headers.get('cache-control')).toBe('no-store');
    expect(categories.headers.get('etag')).toMatch(/^"/);
  });

  it('a held page answers a reader without cookies (before any route runs) as the route answers one with a cookie', async () => {
    // A cookie sends the read through Fastify's route, which answers from the same cache; a plain
    // read is answered by the gateway's front path. Read until the page held still across all three.
    const path = '/api/jobs?limit=4';
    const viaRoute = { cookie: 'theme=dark', 'x-request-id': 'front-parity-route' };
    const { routed, front, revalidated } = await until(async () => {
      const r = await api(base, path, { headers: viaRoute });
      const f = await api(base, path, { headers: { 'x-request-id': 'front-parity-plain' } });
      // fetch adds `Cache-Control: no-cache` to a conditional request unless it is given one.
      const v = await api(base, path, { headers: { 'if-none-match': f.headers.get('etag')!, 'cache-control': 'max-age=0' } });
      const again = await api(base, path, { headers: viaRoute });
      const held = r.headers.get('etag') === f.headers.get('etag') && f.headers.get('etag') === again.headers.get('etag') && v.status === 304;
      return held ? { routed: r, front: f, revalidated: v } : undefined;
    });
    expect(front.status).toBe(200);
    expect(front.body).toEqual(routed.body);
    const perAnswer = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);
    const named = (headers: Headers) => [...headers].filter(([name]) => !perAnswer.has(name)).sort();
    expect(named(front.headers)).toEqual(named(routed.headers));
    expect(front.headers.get('x-request-id')).toBe('front-parity-plain');
    expect(routed.headers.get('x-request-id')).toBe('front-parity-route');
    expect(revalidated.body || '').toBe('');
    expect(revalidated.headers.get('etag')).toBe(front.headers.get('etag'));
    expect(revalidated.headers.get('cache-control')).toBe(front.headers.get('cache-control'));
  });

  it('signed-in reads are private and never come from the shared cache', async () => {
    const poster = await createMember(nats);
    const posted = await post(poster, `Private read ${randomUUID().slice(0, 8)}`);
    const signedIn = await api(base, `/api/jobs/${posted.id}`, { key: poster.key });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('etag')).toBeNull();
    // Writes and non-cacheable reads keep the gateway's default.
    const mine = await api(base, '/api/me/jobs', { key: poster.key });
    expect(mine.headers.get('cache-control')).toBe('no-store');
  });

  it('a posted, edited or closed job shows on the very next read', async () => {
    const poster = await createMember(nats);
    const before = await api(base, '/api/jobs?limit=5');
    expect(before.status).toBe(200);

    const title = `Fresh on the board ${randomUUID().slice(0, 8)}`;
    const posted = await post(poster, title);
    const listed = await api(base, '/api/jobs?limit=5', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(listed.status).toBe(200);
    expect(titlesOn(listed.body)).toContain(title);
    const shown = await api(base, `/api/jobs/${posted.id}`);
    expect(shown.body.title).toBe(title);

    const edited = `${title} (edited)`;
    const patch = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { title: edited } });
    expect(patch.status).toBe(200);
    expect((await api(base, `/api/jobs/${posted.id}`)).body.title).toBe(edited);
    expect(titlesOn((await api(base, '/api/jobs?limit=5')).body)).toContain(edited);

    const closed = await api(base, `/api/me/jobs/${posted.id}/close`, { method: 'POST', key: poster.key });
    expect(closed.status).toBe(200);
    expect(titlesOn((await api(base, '/api/jobs?limit=5')).body)).not.toContain(edited);
  });

  it("a reader asking for no-cache gets the service's answer, which then replaces the stored page", async () => {
    const { path, renamed } = await renamedBehindTheCache(await createMember(nats), 'Refreshed by a reader');
    expect((await api(base, path, { headers: { 'cache-control': 'no-cache' } })).body.title).toBe(renamed);
    expect((await api(base, path)).body.title).toBe(renamed);
  });

  it('a change made behind the gateway shows once its event is published', async () => {
    const poster = await createMember(nats);
    const { posted, path, renamed } = await renamedBehindTheCache(poster, 'Changed behind the gateway');

    const nc = await connectAs(nats, 'jobs');
    try {
      const envelope = {
        id: randomUUID(),
        type: jobEditedV1.type,
        version: 1,
        producer: 'jobs',
        occurredAt: new Date().toISOString(),
        payload: { jobId: posted.id, posterId: poster.id, version: 1, title: renamed, contentChanged: false },
      };
      await jetstream(nc).publish(jobEditedV1.subject, JSON.stringify(envelope), { msgID: envelope.id });
    } finally {
      await nc.close();
    }
    const after = await until(async () => {
      const res = await api(base, path);
      return res.body.title === renamed ? res : undefined;
    });
    expect(after.headers.get('cache-control')).toBe('no-store');
  });
});

describe("board reads answered from the gateway's cache", () => {
  it('count as impressions and views for the poster, as the reads the service answers do', async () => {
    const poster = await createMember(nats);
    const posted = await postAndSettle(poster, `Counted from the cache ${randomUUID().slice(0, 8)}`);
    // Four readers, told apart as the service tells anonymous readers apart: address and browser.
    const readers = [1, 2, 3, 4].map((n) => ({ 'x-forwarded-for': `203.0.113.${n}`, 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) reader-${n}` }));
    // The first reader's reads fill the cache (the service counts them); the others are answered
    // from it before any route runs, so the service never sees them: the gateway reports them.
    for (const headers of readers) {
      const list = await api(base, `/api/jobs?poster_id=${poster.id}`, { headers });
      expect(list.status).toBe(200);
      expect(list.headers.get('cache-control')).toBe('no-store');
      const one = await api(base, `/api/jobs/${posted.id}`, { headers });
      expect(one.status).toBe(200);
    }
    let last: unknown;
    const report = await until(
      async () => {
        const res = await api(base, '/api/me/performance?days=7', { key: poster.key });
        expect(res.status).toBe(200);
        last = res.body.totals;
        return res.body.totals.views === readers.length && res.body.totals.impressions === readers.length ? res.body : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 500, what: 'every reader counted once' },
    ).catch((err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(last)}`);
    });
    expect(report.jobs).toEqual([expect.objectContaining({ jobId: posted.id, views: 4, impressions: 4 })]);
    // Read again by the same readers the same day: still once each.
    for (const headers of readers) await api(base, `/api/jobs/${posted.id}`, { headers });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await api(base, '/api/me/performance?days=7', { key: poster.key })).body.totals).toMatchObject({ views: 4, impressions: 4 });
  });
});
