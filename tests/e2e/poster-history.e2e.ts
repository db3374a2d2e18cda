import { api, createMembers, mcp, type TestMember, toolError, toolResult } from '@marketplace/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

/**
 * A poster's history (closed and expired jobs stay under My jobs, filtered by status, with their
 * applications; any of them posted again as a new job) and the member's own lists in pages, on
 * REST and MCP.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

const pitch = { pitch: 'I can do this.', acceptResponsibility: true, model: 'test-model-1' };
const ids = (list: { id: string }[]) => list.map((j) => j.id);

async function post(poster: TestMember, title: string, over: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const res = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'writing', constraints: '## Scope\nWrite it.', ...over } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const mine = (m: TestMember, query = '') => api(base, `/api/me/jobs${query}`, { key: m.key });

async function tool(token: string, name: string, args: Record<string, unknown> = {}) {
  return mcp(base, 'tools/call', { name, arguments: { conversation_id: 'new', ...args } }, token);
}

describe("a poster's history: closed and expired jobs stay, filtered by status", () => {
  let poster: TestMember, worker: TestMember, other: TestMember;
  let open: { id: string }, closed: { id: string }, expired: { id: string };
  let token: string;

  beforeAll(async () => {
    [poster, worker, other] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    open = await post(poster, 'Still open');
    closed = await post(poster, 'Closed by me');
    expired = await post(poster, 'Ran out of time');
    expect((await api(base, `/api/jobs/${closed.id}/applications`, { key: worker.key, body: pitch })).status).toBe(201);
    expect((await api(base, `/api/me/jobs/${closed.id}/close`, { method: 'POST', key: poster.key })).status).toBe(200);
    await db.query(`UPDATE jobs.jobs SET closes_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    token = await mcpToken(poster);
  });

  it('GET /api/me/jobs lists every job by default, closed and expired ones marked, with total', async () => {
    const all = await mine(poster);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(ids(all.body.jobs)).toEqual([expired.id, closed.id, open.id]);
    const byId = new Map(all.body.jobs.map((j: { id: string }) => [j.id, j]));
    expect(byId.get(open.id)).toMatchObject({ status: 'open', expired: false });
    expect(byId.get(closed.id)).toMatchObject({ status: 'closed', expired: false });
    expect(byId.get(expired.id)).toMatchObject({ status: 'closed', expired: true });
  });

  it('filters by status: open, closed (by a close) and expired (time ran out); an unknown status is 400', async () => {
    for (const [status, job] of [
      ['open', open],
      ['closed', closed],
      ['expired', expired],
    ] as const) {
      const res = await mine(poster, `?status=${status}`);
      expect(res.status).toBe(200);
      expect({ status, ids: ids(res.body.jobs), total: res.body.total }).toEqual({ status, ids: [job.id], total: 1 });
    }
    expect((await mine(poster, '?status=completed')).body).toEqual({ jobs: [], total: 0 });
    const bad = await mine(poster, '?status=gone');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.status).toMatch(/One of: open,/);
    // After the sweep closes it, the expired job is still expired, never "closed by me".
    await expect
      .poll(async () => (await db.query('SELECT status FROM jobs.jobs WHERE id = $1', [expired.id])).rows[0].status, { timeout: 10_000 })
      .toBe('closed');
    expect(ids((await mine(poster, '?status=expired')).body.jobs)).toEqual([expired.id]);
    expect(ids((await mine(poster, '?status=closed')).body.jobs)).toEqual([closed.id]);
  });

  it("the poster still reads a closed job's details and applicants; to anyone else it does not exist", async () => {
    const details = await api(base, `/api/jobs/${closed.id}/details`, { key: poster.key });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ id: closed.id, status: 'closed', locked: true, expired: false });
    // The details tell an expired job from a closed one as My jobs does, after the sweep closed it too.
    const expiredDetails = await api(base, `/api/jobs/${expired.id}/details`, { key: poster.key });
    expect(expiredDetails.body).toMatchObject({ status: 'closed', closesAt: null, expired: true });
    expect((await api(base, `/api/jobs/${open.id}/details`, { key: poster.key })).body.expired).toBe(false);
    // Only the poster (and hire) reads it: another member of an open job is not told.
    const seenByOther = await api(base, `/api/jobs/${open.id}/details`, { key: other.key });
    expect(seenByOther.status).toBe(200);
    expect(seenByOther.body).not.toHaveProperty('expired');
    const apps = await api(base, `/api/me/jobs/${closed.id}/applications`, { key: poster.key });
    expect(apps.status).toBe(200);
    expect(apps.body.total).toBe(1);
    expect(apps.body.applications[0]).toMatchObject({ status: 'declined', worker: { id: worker.id } });
    expect((await api(base, `/api/jobs/${closed.id}/details`, { key: other.key })).status).toBe(404);
    expect((await api(base, `/api/jobs/${closed.id}`)).status).toBe(404);
    expect((await api(base, `/api/me/jobs/${closed.id}/applications`, { key: other.key })).status).toBe(404);
    expect((await api(base, `/api/me/jobs/${closed.id}/applications`, { key: worker.key })).status).toBe(404);
  });

  it('list_my_jobs takes the same status filter over MCP', async () => {
    const expiredOnly = toolResult(await tool(token, 'list_my_jobs', { status: 'expired' }));
    expect(ids(expiredOnly.jobs)).toEqual([expired.id]);
    expect(expiredOnly.jobs[0].expired).toBe(true);
    expect(toolResult(await tool(token, 'get_job', { id: expired.id }))).toMatchObject({ id: expired.id, status: 'closed', expired: true });
    expect(toolResult(await tool(token, 'get_job', { id: closed.id }))).toMatchObject({ id: closed.id, status: 'closed', expired: false });
    expect(toolResult(await tool(token, 'list_my_jobs')).total).toBe(3);
    expect(toolError(await tool(token, 'list_my_jobs', { status: 'gone' }))).toMatchObject({ status: 400, fields: { status: expect.any(String) } });
  });
});

describe('posting a job again', () => {
  let poster: TestMember, worker: TestMember, other: TestMember;
  let token: string;

  beforeAll(async () => {
    [poster, worker, other] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    token = await mcpToken(poster);
  });

  it('POST /api/me/jobs/{id}/repost: 201 a new open job at version 1 with the posting fields; the original is untouched', async () => {
    const first = await post(poster, 'Index the archive', { posterVisibility: 'anonymous', preferred_workers: [worker.id] });
    const edited = await api(base, `/api/me/jobs/${first.id}`, {
      method: 'PATCH',
      key: poster.key,
      body: { title: 'Index the whole archive', category: 'data' },
    });
    expect(edited.body.version).toBe(2);
    expect((await api(base, `/api/jobs/${first.id}/applications`, { key: worker.key, body: pitch })).status).toBe(201);
    expect((await api(base, `/api/me/jobs/${first.id}/close`, { method: 'POST', key: poster.key })).status).toBe(200);

    const res = await api(base, `/api/me/jobs/${first.id}/repost`, { method: 'POST', key: poster.key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id).not.toBe(first.id);
    expect(res.body).toMatchObject({
      title: 'Index the whole archive',
      category: 'data',
      constraints: '## Scope\nWrite it.',
      posterVisibility: 'anonymous',
      status: 'open',
      version: 1,
      closesAt: expect.any(String),
      hasPreferredWorker: true,
      postedBy: { id: poster.id },
    });
    const copy = res.body.id as string;
    // The copy is on the board, with one version and no applications.
    const board = await api(base, `/api/jobs/${copy}`);
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({ status: 'open', version: 1, postedBy: { id: null } });
    expect((await api(base, `/api/jobs/${copy}/versions`)).body.versions).toHaveLength(1);
    expect((await api(base, `/api/me/jobs/${copy}/applications`, { key: poster.key })).body).toEqual({ applications: [], total: 0 });
    // The original keeps its state, versions and applications.
    const original = await api(base, `/api/jobs/${first.id}/details`, { key: poster.key });
    expect(original.body).toMatchObject({ status: 'closed', version: 2, title: 'Index the whole archive' });
    expect((await api(base, `/api/me/jobs/${first.id}/applications`, { key: poster.key })).body.total).toBe(1);
    expect(ids((await mine(poster)).body.jobs).slice(0, 2)).toEqual([copy, first.id]);
  });

  it('only the poster may repost: another member and the applicant get 404, nobody signed in 401', async () => {
    const job = await post(poster, 'Mine to repost');
    for (const m of [other, worker]) {
      const res = await api(base, `/api/me/jobs/${job.id}/repost`, { method: 'POST', key: m.key });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('You have no job with this id.');
    }
    expect((await api(base, '/api/me/jobs/not-a-uuid/repost', { method: 'POST', key: poster.key })).status).toBe(404);
    expect((await api(base, `/api/me/jobs/${job.id}/repost`, { method: 'POST' })).status).toBe(401);
    expect((await mine(other)).body.total).toBe(0);
  });

  it('goes through the posting checks: details published once with acknowledgement need it again; staff-hidden jobs are refused', async () => {
    const exposed = await post(poster, 'Call me', { constraints: 'Email me at boss@acme-corp.example.com', acknowledgeExposures: true });
    const refused = await api(base, `/api/me/jobs/${exposed.id}/repost`, { method: 'POST', key: poster.key });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.constraints).toMatch(/email address/);
    const acknowledged = await api(base, `/api/me/jobs/${exposed.id}/repost`, { method: 'POST', key: poster.key, body: { acknowledgeExposures: true } });
    expect(acknowledged.status).toBe(201);
    await db.query('UPDATE jobs.jobs SET safety_hidden = true WHERE id = $1', [exposed.id]);
    expect((await api(base, `/api/me/jobs/${exposed.id}/repost`, { method: 'POST', key: poster.key })).status).toBe(403);
  });

  it('repost_job over MCP: a new job at version 1; another member gets a 404 tool error', async () => {
    const job = await post(poster, 'Tool repost');
    await db.query(`UPDATE jobs.jobs SET closes_at = now() - interval '1 second' WHERE id = $1`, [job.id]);
    const copy = toolResult(await tool(token, 'repost_job', { job_id: job.id }));
    expect(copy).toMatchObject({ title: 'Tool repost', status: 'open', version: 1 });
    expect(copy.id).not.toBe(job.id);
    expect((await api(base, `/api/jobs/${copy.id}`)).status).toBe(200);
    const otherToken = await mcpToken(other);
    expect(toolError(await tool(otherToken, 'repost_job', { job_id: job.id }))).toMatchObject({ status: 404 });
  });
});

describe('pages of everything: limit, offset and total', () => {
  let poster: TestMember, worker: TestMember, second: TestMember, third: TestMember;
  let jobs: string[];
  let token: string;

  beforeAll(async () => {
    [poster, worker, second, third] = (await createMembers(nats, 4)) as [TestMember, TestMember, TestMember, TestMember];
    jobs = [];
    for (let i = 0; i < 5; i++) jobs.unshift((await post(poster, `Paged job ${i}`)).id);
    // Three applications to the newest job, and the worker's three applications.
    for (const m of [worker, second, third]) expect((await api(base, `/api/jobs/${jobs[0]}/applications`, { key: m.key, body: pitch })).status).toBe(201);
    for (const id of jobs.slice(1, 3)) expect((await api(base, `/api/jobs/${id}/applications`, { key: worker.key, body: pitch })).status).toBe(201);
    for (const problem of ['First problem.', 'Second problem.', 'Third problem.']) {
      expect((await api(base, '/api/me/job-drafts', { key: poster.key, body: { answers: { problem } } })).status).toBe(201);
    }
    token = await mcpToken(poster);
  });

  async function walk(path: string, key: string, field: string, limit: number): Promise<{ ids: string[]; totals: number[] }> {
    const seen: string[] = [];
    const totals: number[] = [];
    for (let offset = 0; ; offset += limit) {
      const res = await api(base, `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`, { key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body[field].length).toBeLessThanOrEqual(limit);
      seen.push(...ids(res.body[field]));
      totals.push(res.body.total);
      if (offset + limit >= res.body.total) return { ids: seen, totals };
    }
  }

  it('GET /api/me/jobs pages newest first: every job once across pages, total on each', async () => {
    const walked = await walk('/api/me/jobs', poster.key, 'jobs', 2);
    expect(walked).toEqual({ ids: jobs, totals: [5, 5, 5] });
    const last = await mine(poster, '?limit=2&offset=4');
    expect({ ids: ids(last.body.jobs), total: last.body.total }).toEqual({ ids: [jobs[4]], total: 5 });
    expect((await mine(poster, '?offset=5')).body).toEqual({ jobs: [], total: 5 });
    expect((await mine(poster)).body.jobs).toHaveLength(5);
  });

  it("a job's applications, my applications and my drafts page the same way", async () => {
    const apps = await walk(`/api/me/jobs/${jobs[0]}/applications`, poster.key, 'applications', 2);
    expect(apps.totals).toEqual([3, 3]);
    expect(new Set(apps.ids).size).toBe(3);
    const all = (await api(base, `/api/me/jobs/${jobs[0]}/applications`, { key: poster.key })).body;
    expect(ids(all.applications)).toEqual(apps.ids);
    expect(all.applications.map((a: { worker: { id: string } }) => a.worker.id)).toEqual([worker.id, second.id, third.id]);

    const mineApps = await walk('/api/me/applications', worker.key, 'applications', 2);
    expect(mineApps.totals).toEqual([3, 3]);
    expect(new Set(mineApps.ids).size).toBe(3);

    // Drafts come most recently worked on first, and the drafts service may still be working on
    // these, so only the pages' sizes and totals are compared.
    const drafts = await walk('/api/me/job-drafts', poster.key, 'drafts', 2);
    expect({ count: drafts.ids.length, totals: drafts.totals }).toEqual({ count: 3, totals: [3, 3] });
  });

  it('a limit over 100 (or under 1) and an offset below 0 are 400, naming the field', async () => {
    for (const path of ['/api/me/jobs', '/api/me/applications', `/api/me/jobs/${jobs[0]}/applications`, '/api/me/job-drafts']) {
      const over = await api(base, `${path}?limit=101`, { key: poster.key });
      expect(over.status, path).toBe(400);
      expect(over.body.fields.limit, path).toBe('Must be at most 100.');
      expect((await api(base, `${path}?limit=0`, { key: poster.key })).status, path).toBe(400);
      expect((await api(base, `${path}?offset=-1`, { key: poster.key })).body.fields?.offset, path).toBeDefined();
      expect((await api(base, `${path}?limit=100`, { key: poster.key })).status, path).toBe(200);
    }
  });

  it('the MCP tools take limit and offset and answer total', async () => {
    const page = toolResult(await tool(token, 'list_my_jobs', { limit: 2, offset: 2 }));
    expect({ ids: ids(page.jobs), total: page.total }).toEqual({ ids: jobs.slice(2, 4), total: 5 });
    const apps = toolResult(await tool(token, 'list_job_applications', { job_id: jobs[0], limit: 1, offset: 2 }));
    expect(apps.total).toBe(3);
    expect(apps.applications.map((a: { worker: { id: string } }) => a.worker.id)).toEqual([third.id]);
    const drafts = toolResult(await tool(token, 'list_job_drafts', { limit: 1 }));
    expect({ count: drafts.drafts.length, total: drafts.total }).toEqual({ count: 1, total: 3 });
    const workerToken = await mcpToken(worker);
    const myApps = toolResult(await tool(workerToken, 'list_my_applications', { limit: 2, offset: 2 }));
    expect({ count: myApps.applications.length, total: myApps.total }).toEqual({ count: 1, total: 3 });
    expect(toolError(await tool(token, 'list_my_jobs', { limit: 101 }))).toMatchObject({ status: 400, fields: { limit: 'Must be at most 100.' } });
  });
});
