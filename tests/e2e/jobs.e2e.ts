import { api, createMember, probeFixedWindow, type TestMember, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { expectFixedWindowLimit } from './support/limits.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const job = (over: Record<string, unknown> = {}) => ({
  title: 'Clean up a CSV export',
  category: 'data',
  constraints: '## Scope\nDeduplicate rows.\n\n## Deliverables\n- [ ] a clean CSV',
  ...over,
});

describe('posting and reading jobs (REST)', () => {
  let poster: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    [poster, other] = await Promise.all([createMember(nats), createMember(nats)]);
  });

  it('posts a job: 201, open, version 1, closes 14 days ahead', async () => {
    const res = await api(base, '/api/me/jobs', { key: poster.key, body: job() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', version: 1, updatedAt: null, category: 'data', safetyHidden: false });
    expect(res.body.postedBy).toMatchObject({ id: poster.id, name: poster.name });
    const days = (Date.parse(res.body.closesAt) - Date.parse(res.body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(14, 5);
  });

  it('needs an API key (401) and refuses an invalid one (401)', async () => {
    expect((await api(base, '/api/me/jobs', { body: job() })).status).toBe(401);
    const bad = await api(base, '/api/me/jobs', { key: 'tl_not-a-real-key-000000000000000000000', body: job() });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toEqual(expect.any(String));
  });

  it('validates input with fields naming each invalid field', async () => {
    const res = await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'x'.repeat(121), category: 'cooking', constraints: '' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['category', 'constraints', 'title']);
    const twoLines = await api(base, '/api/me/jobs', { key: poster.key, body: job({ title: 'one\ntwo' }) });
    expect(twoLines.body.fields.title).toMatch(/one line/i);
    const tooLong = await api(base, '/api/me/jobs', { key: poster.key, body: job({ constraints: 'a'.repeat(4001) }) });
    expect(tooLong.body.fields.constraints).toMatch(/4000/);
    const unknown = await api(base, '/api/me/jobs', { key: poster.key, body: job({ budget: 5 }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.budget).toBeDefined();
  });

  it('refuses credentials in the title or description with 400 and publishes nothing', async () => {
    const res = await api(base, '/api/me/jobs', {
      key: poster.key,
      body: job({ constraints: 'Use AKIAABCDEFGHIJKLMNOP to reach the bucket.' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.constraints).toMatch(/credential/);
    expect(res.body.fields.constraints).not.toContain('AKIAABCDEFGHIJKLMNOP');
    const mine = await api(base, '/api/me/jobs', { key: poster.key });
    expect(mine.body.jobs.some((j: { constraints: string }) => j.constraints.includes('AKIA'))).toBe(false);
  });

  it('refuses a member with an incomplete profile (403)', async () => {
    const incomplete = await createMember(nats, { completeProfile: false });
    const res = await api(base, '/api/me/jobs', { key: incomplete.key, body: job() });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/profile/i);
  });

  it('masks anonymous posters everywhere public, and reveals them to the poster', async () => {
    const posted = await api(base, '/api/me/jobs', { key: poster.key, body: job({ title: 'Anonymous survey', posterVisibility: 'anonymous' }) });
    expect(posted.status).toBe(201);
    const anon = { id: null, name: 'Anonymous poster', headline: null, photoUrl: null };
    const pub = await api(base, `/api/jobs/${posted.body.id}`);
    expect(pub.body.postedBy).toEqual(anon);
    const asOther = await api(base, `/api/jobs/${posted.body.id}/details`, { key: other.key });
    expect(asOther.body.postedBy).toEqual(anon);
    expect(asOther.body.attachments).toEqual({ status: 'unavailable' });
    expect(asOther.body.application).toBeNull();
    const asPoster = await api(base, `/api/jobs/${posted.body.id}/details`, { key: poster.key });
    expect(asPoster.body.postedBy.id).toBe(poster.id);
    const list = await api(base, `/api/jobs?poster_id=${poster.id}&limit=200`);
    expect(list.body.jobs.map((j: { id: string }) => j.id)).not.toContain(posted.body.id);
    const listAll = await api(base, '/api/jobs?limit=200');
    const row = listAll.body.jobs.find((j: { id: string }) => j.id === posted.body.id);
    expect(row.postedBy).toEqual(anon);
  });

  it('public job detail: open jobs with locked false and applicants; unknown ids 404', async () => {
    const posted = await api(base, '/api/me/jobs', { key: poster.key, body: job({ title: 'Detail check' }) });
    const res = await api(base, `/api/jobs/${posted.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ locked: false, applicants: 0, hasPreferredWorker: false, walkthroughUrl: null });
    expect((await api(base, '/api/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api(base, '/api/jobs/not-a-uuid')).status).toBe(404);
    expect((await api(base, '/api/jobs/00000000-0000-4000-8000-000000000000/details', { key: other.key })).status).toBe(404);
    expect((await api(base, `/api/jobs/${posted.body.id}/details`)).status).toBe(401);
  });

  it('lists open jobs newest first with filters, paging and total', async () => {
    const lister = await createMember(nats);
    const ids: string[] = [];
    for (const category of ['design', 'legal', 'design']) {
      const r = await api(base, '/api/me/jobs', { key: lister.key, body: job({ category, title: `Filter ${category}` }) });
      ids.push(r.body.id);
    }
    const mine = await api(base, `/api/jobs?poster_id=${lister.id}`);
    expect(mine.body.total).toBe(3);
    expect(mine.body.jobs.map((j: { id: string }) => j.id)).toEqual([...ids].reverse());
    // Pages are prepared statements: past the fifth run on a connection PostgreSQL may plan them
    // once for any value, so every page is read often enough for each connection to get there.
    for (let round = 0; round < 8; round++) {
      const pages = await Promise.all(
        [0, 1, 2].map((offset) => api(base, `/api/jobs?poster_id=${lister.id}&limit=1&offset=${offset}`, { headers: { 'cache-control': 'no-cache' } })),
      );
      expect(pages.map((p) => p.body.jobs[0]?.id)).toEqual([...ids].reverse());
      expect(pages.map((p) => p.body.total)).toEqual([3, 3, 3]);
    }
    const design = await api(base, `/api/jobs?poster_id=${lister.id}&category=design`);
    expect(design.body.total).toBe(2);
    const both = await api(base, `/api/jobs?poster_id=${lister.id}&category=design&category=legal&limit=1&offset=1`);
    expect(both.body.total).toBe(3);
    expect(both.body.jobs).toHaveLength(1);
    expect(both.body.jobs[0].id).toBe(ids[1]);
    const today = new Date().toISOString().slice(0, 10);
    const sameDay = await api(base, `/api/jobs?poster_id=${lister.id}&posted_after=${today}&posted_before=${today}`);
    expect(sameDay.body.total).toBe(3);
    const future = await api(base, `/api/jobs?poster_id=${lister.id}&posted_after=2999-01-01`);
    expect(future.body.total).toBe(0);
    // Applicants: the oldest job 2, the middle one none, the newest 1 — an order newest-first never gives.
    const [ann, ben] = await Promise.all([createMember(nats), createMember(nats)]);
    const pitch = { pitch: 'I can do this.', acceptResponsibility: true, model: 'test-model-1' };
    for (const [jobId, applicant] of [
      [ids[0], ann],
      [ids[0], ben],
      [ids[2], ann],
    ] as const) {
      expect((await api(base, `/api/jobs/${jobId}/applications`, { key: applicant.key, body: pitch })).status).toBe(201);
    }
    const applicants = { [ids[0]!]: 2, [ids[1]!]: 0, [ids[2]!]: 1 };
    await until(
      async () => {
        const listed = (await api(base, `/api/jobs?poster_id=${lister.id}`)).body.jobs as { id: string; applicants: number }[];
        return listed.every((j) => j.applicants === applicants[j.id]);
      },
      { what: 'the applicant counts on the listed jobs' },
    );
    const order = async (sort: string) => ((await api(base, `/api/jobs?poster_id=${lister.id}&sort=${sort}`)).body.jobs as { id: string }[]).map((j) => j.id);
    expect(await order('applicants_desc')).toEqual([ids[0], ids[2], ids[1]]);
    expect(await order('applicants_asc')).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('refuses invalid list parameters with fields, and the retired budget parameters', async () => {
    const res = await api(base, '/api/jobs?limit=0&offset=10001&sort=cheapest&category=cooking&posted_after=yesterday');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['category.0', 'limit', 'offset', 'posted_after', 'sort'].sort());
    const retired = await api(base, '/api/jobs?min_budget=10&max_budget=20');
    expect(retired.status).toBe(400);
    expect(Object.keys(retired.body.fields).sort()).toEqual(['max_budget', 'min_budget']);
    const tooMany = await api(base, `/api/jobs?${Array.from({ length: 21 }, (_, i) => `poster_id=p${i}`).join('&')}`);
    expect(tooMany.body.fields.poster_id).toMatch(/20/);
  });

  it('lists my jobs newest first, anonymous ones revealed to me', async () => {
    const res = await api(base, '/api/me/jobs', { key: poster.key });
    expect(res.status).toBe(200);
    expect(res.body.jobs.length).toBeGreaterThan(1);
    expect(res.body.jobs.every((j: { postedBy: { id: string } }) => j.postedBy.id === poster.id)).toBe(true);
    const times = res.body.jobs.map((j: { createdAt: string }) => Date.parse(j.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('counts open jobs per category: alphabetical, other last, zeros included, total', async () => {
    const res = await api(base, '/api/jobs/categories');
    expect(res.status).toBe(200);
    const names = res.body.categories.map((c: { category: string }) => c.category);
    expect(names).toEqual(['consulting', 'data', 'design', 'engineering', 'legal', 'marketing', 'operations', 'physical', 'research', 'writing', 'other']);
    expect(res.body.total).toBe(res.body.categories.reduce((s: number, c: { count: number }) => s + c.count, 0));
    // Counts are cached for up to 30 seconds (spec): the data jobs posted above show within that,
    // however recently another test filled the cache.
    const dataCount = async () => (await api(base, '/api/jobs/categories')).body.categories.find((c: { category: string }) => c.category === 'data').count;
    await expect.poll(dataCount, { timeout: 35_000, interval: 500 }).toBeGreaterThan(0);
  });

  it('limits posts to 10 per UTC day with 429 and Retry-After', async () => {
    // A fresh member, and a probe that holds even when the run straddles midnight UTC.
    const busy = await createMember(nats);
    const probe = await probeFixedWindow({
      max: 10,
      windowSeconds: 86_400,
      attempt: (i) => api(base, '/api/me/jobs', { key: busy.key, body: job({ title: `Post ${i}` }) }),
      retryAfterOf: (r) => {
        if (r.status === 429) return Number(r.headers.get('retry-after'));
        expect(r.status).toBe(201);
        return undefined;
      },
    });
    expectFixedWindowLimit(probe, 10, 86_400);
    expect(probe.refusal.body.retryAfter).toBe(probe.retryAfter);
    expect(probe.refusal.body.error).toMatch(/10 jobs per UTC day/);
  });
});
