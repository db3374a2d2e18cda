import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';

import { applicationSubmittedV1, authenticateKey } from '@marketplace/contracts';
import {
  api,
  connectAs,
  createMember,
  mcp,
  mcpAccessToken,
  probeFixedWindow,
  type TestMember,
  toolError,
  toolOutcome,
  toolResult,
  until,
} from '@marketplace/testing';
import { jetstream } from '@nats-io/jetstream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { callInternal } from './support/bus.js';
import { expectFixedWindowLimit } from './support/limits.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });

afterAll(async () => {
  await db.end();
});

const job = (over: Record<string, unknown> = {}) => ({
  title: 'Tidy a spreadsheet',
  category: 'data',
  constraints: '## Scope\nMerge two sheets.\n\n## Deliverables\n- one sheet',
  ...over,
});

async function post(member: TestMember, over: Record<string, unknown> = {}): Promise<any> {
  const res = await api(base, '/api/me/jobs', { key: member.key, body: job(over) });
  expect(res.status).toBe(201);
  return res.body;
}

/** Events the jobs service recorded for one job, by type (its outbox is the source of truth). */
async function eventsOf(jobId: string): Promise<{ type: string; payload: any }[]> {
  const { rows } = await db.query(`SELECT envelope FROM jobs.outbox_events WHERE envelope->'payload'->>'jobId' = $1 ORDER BY created_at`, [jobId]);
  return rows.map((r: { envelope: { type: string; payload: unknown } }) => ({ type: r.envelope.type, payload: r.envelope.payload }));
}

/** A request from another loopback address, so a test has a client IP of its own. */
function fromIp(ip: string, path: string, body?: unknown): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const url = new URL(`${base}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: payload ? 'POST' : 'GET',
        localAddress: ip,
        headers: payload ? { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

type Reply = Awaited<ReturnType<typeof fromIp>>;

/** Seconds to wait when a REST search was refused by the search limit, undefined when it was answered. */
function restRefusal(r: Reply | { status: number; headers: Headers }): number | undefined {
  if (r.status === 429) return Number(r.headers instanceof Headers ? r.headers.get('retry-after') : r.headers['retry-after']);
  expect(r.status).toBe(200);
  return undefined;
}

/** The same for a search_jobs call: the limit's refusal is a tool error with status 429. */
function toolRefusal(r: Reply): number | undefined {
  const outcome = toolOutcome(r);
  if (!outcome.isError) return undefined;
  expect(outcome.status).toBe(429);
  return outcome.retryAfter;
}

/**
 * Returns once the jobs service has swept at least once after this call: a sentinel job made due
 * now can only be closed by a sweep whose statement runs later. Replaces sleeping for "a few
 * sweep intervals" before checking that nothing was closed twice.
 */
async function aLaterSweep(poster: TestMember): Promise<void> {
  const sentinel = await post(poster, { title: 'Sweep sentinel' });
  await db.query(`UPDATE jobs.jobs SET closes_at = now() - interval '1 second' WHERE id = $1`, [sentinel.id]);
  await until(async () => (await db.query('SELECT status FROM jobs.jobs WHERE id = $1', [sentinel.id])).rows[0].status === 'closed', {
    what: 'a later expiry sweep to close the sentinel job',
  });
}

describe('editing and versions', () => {
  let poster: TestMember;
  let other: TestMember;
  beforeAll(async () => {
    [poster, other] = await Promise.all([createMember(nats), createMember(nats)]);
  });

  it('publishes version n+1 per change, keeps old versions readable, and a no-op changes nothing', async () => {
    const posted = await post(poster);
    const edited = await api(base, `/api/me/jobs/${posted.id}`, {
      method: 'PATCH',
      key: poster.key,
      body: { title: 'Tidy two spreadsheets', expectedVersion: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: posted.id, version: 2, title: 'Tidy two spreadsheets', category: 'data' });
    expect(edited.body.updatedAt).toEqual(expect.any(String));

    const versions = await api(base, `/api/jobs/${posted.id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.versions.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([
      [2, 'Tidy two spreadsheets'],
      [1, 'Tidy a spreadsheet'],
    ]);
    const v1 = await api(base, `/api/jobs/${posted.id}/versions/1`);
    expect(v1.body).toMatchObject({ version: 1, title: 'Tidy a spreadsheet', constraints: posted.constraints, category: 'data' });
    expect((await api(base, `/api/jobs/${posted.id}/versions/3`)).status).toBe(404);
    expect((await api(base, `/api/jobs/${posted.id}/versions/zero`)).status).toBe(400);

    const same = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { title: 'Tidy two spreadsheets', category: 'data' } });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(2);
    expect((await api(base, `/api/jobs/${posted.id}/versions`)).body.versions).toHaveLength(2);

    const edits = (await eventsOf(posted.id)).filter((e) => e.type === 'job.edited');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.payload).toMatchObject({ version: 2, contentChanged: true, title: 'Tidy two spreadsheets' });

    const mcpVersions = toolResult(await mcp(base, 'tools/call', { name: 'list_job_versions', arguments: { job_id: posted.id } }));
    expect(mcpVersions).toEqual(versions.body);
  });

  it('refuses a stale expectedVersion with 409 naming expectedVersion and jobVersion', async () => {
    const posted = await post(poster);
    await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { constraints: 'Merge three sheets.' } });
    const stale = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { title: 'Late edit', expectedVersion: 1 } });
    expect(stale.status).toBe(409);
    expect(Object.keys(stale.body.fields).sort()).toEqual(['expectedVersion', 'jobVersion']);
    expect(stale.body.fields.jobVersion).toContain('2');
    expect((await api(base, `/api/jobs/${posted.id}`)).body.title).toBe('Tidy a spreadsheet');

    // Two concurrent edits from the same version: exactly one wins.
    const racing = await Promise.all(
      ['A', 'B'].map((t) =>
        api(base, `/api/me/jobs/${posted.id}`, {
          method: 'PATCH',
          key: poster.key,
          body: { title: `Racing ${t}`, expectedVersion: 2 },
        }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("400 when there is nothing to change; 404 for someone else's job; invalid fields named", async () => {
    const posted = await post(poster);
    const empty = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { expectedVersion: 1 } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/Nothing to change/);
    expect((await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: other.key, body: { title: 'Mine now' } })).status).toBe(404);
    expect((await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', body: { title: 'x' } })).status).toBe(401);
    const bad = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { title: 'a\nb', category: 'cooking' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['category', 'title']);
  });

  it('a visibility-only edit publishes a version and emits job.poster_visibility_changed', async () => {
    const posted = await post(poster, { title: 'Visibility check' });
    const res = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { posterVisibility: 'anonymous' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, posterVisibility: 'anonymous' });
    expect((await api(base, `/api/jobs/${posted.id}`)).body.postedBy).toEqual({ id: null, name: 'Anonymous poster', headline: null, photoUrl: null });
    const events = await eventsOf(posted.id);
    expect(events.filter((e) => e.type === 'job.poster_visibility_changed').map((e) => e.payload)).toEqual([
      { jobId: posted.id, posterId: poster.id, version: 2, posterVisibility: 'anonymous' },
    ]);
    expect(events.find((e) => e.type === 'job.edited')?.payload).toMatchObject({ version: 2, contentChanged: false });
  });

  it('content edits pass the posting checks: credentials 400, policy 403, exposures 400 unless acknowledged', async () => {
    const posted = await post(poster);
    const secret = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { constraints: 'Key AKIAABCDEFGHIJKLMNOP' } });
    expect(secret.status).toBe(400);
    expect(secret.body.fields.constraints).toMatch(/credential/);
    const rude = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { title: 'Fix this sh1t' } });
    expect(rude.status).toBe(403);
    const exposed = await api(base, `/api/me/jobs/${posted.id}`, {
      method: 'PATCH',
      key: poster.key,
      body: { constraints: 'Email me at boss@acme-corp.example.com' },
    });
    expect(exposed.status).toBe(400);
    expect(exposed.body.fields.constraints).toMatch(/email address/);
    expect(exposed.body.fields.constraints).not.toContain('boss@acme-corp.example.com');
    expect((await api(base, `/api/jobs/${posted.id}`)).body.version).toBe(1);
    const ok = await api(base, `/api/me/jobs/${posted.id}`, {
      method: 'PATCH',
      key: poster.key,
      body: { constraints: 'Email me at boss@acme-corp.example.com', acknowledgeExposures: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(2);
  });

  it('closes a job: 200 closed, then found by nobody but its poster, and job.closed (reason poster) is recorded', async () => {
    const posted = await post(poster);
    const closed = await api(base, `/api/me/jobs/${posted.id}/close`, { method: 'POST', key: poster.key });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: posted.id, status: 'closed', closesAt: null });
    expect((await api(base, `/api/me/jobs/${posted.id}/close`, { method: 'POST', key: poster.key })).status).toBe(404);
    expect((await api(base, `/api/jobs/${posted.id}`)).status).toBe(404);
    expect((await api(base, `/api/jobs/${posted.id}/details`, { key: other.key })).status).toBe(404);
    expect((await api(base, `/api/jobs/${posted.id}/versions`)).status).toBe(404);
    expect((await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { title: 'Back' } })).status).toBe(404);
    // The poster keeps it in their history (see poster-history.e2e.ts).
    expect((await api(base, `/api/jobs/${posted.id}/details`, { key: poster.key })).body).toMatchObject({ status: 'closed', locked: true });
    const mine = await api(base, '/api/me/jobs?status=closed', { key: poster.key });
    expect(mine.body.jobs.some((j: { id: string }) => j.id === posted.id)).toBe(true);
    const closes = (await eventsOf(posted.id)).filter((e) => e.type === 'job.closed');
    expect(closes.map((e) => e.payload.reason)).toEqual(['poster']);
  });

  it('close: 404 for another member, 409 when the job is not open (hired)', async () => {
    const posted = await post(poster);
    expect((await api(base, `/api/me/jobs/${posted.id}/close`, { method: 'POST', key: other.key })).status).toBe(404);
    await db.query(`UPDATE jobs.jobs SET status = 'in_progress' WHERE id = $1`, [posted.id]);
    const hired = await api(base, `/api/me/jobs/${posted.id}/close`, { method: 'POST', key: poster.key });
    expect(hired.status).toBe(409);
    const edit = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { title: 'Changed' } });
    expect(edit.status).toBe(409);
  });

  it('MCP tools edit_job and close_job take job_id, expected_version and preferred_workers and need sign-in', async () => {
    const list = await mcp(base, 'tools/list');
    const tools = new Map(list.body.result.tools.map((t: { name: string; inputSchema: any }) => [t.name, t.inputSchema]));
    expect(Object.keys((tools.get('edit_job') as any).properties)).toEqual(
      expect.arrayContaining(['job_id', 'expected_version', 'preferred_workers', 'poster_visibility']),
    );
    expect(Object.keys((tools.get('close_job') as any).properties)).toContain('job_id');
    expect((await mcp(base, 'tools/call', { name: 'edit_job', arguments: { job_id: randomUUID(), title: 'x' } })).status).toBe(401);
  });
});

describe('open job lifetime', () => {
  it('treats a passed closesAt as closed at once, and the sweep closes it exactly once with job.closed (expired)', async () => {
    const poster = await createMember(nats);
    const posted = await post(poster, { title: 'Short-lived job' });
    await db.query(`UPDATE jobs.jobs SET closes_at = now() - interval '1 second' WHERE id = $1`, [posted.id]);
    expect((await api(base, `/api/jobs/${posted.id}`)).status).toBe(404);
    expect((await api(base, `/api/jobs/${posted.id}/details`, { key: poster.key })).body).toMatchObject({ status: 'closed', closesAt: null });
    const listed = await api(base, `/api/jobs?poster_id=${poster.id}`);
    expect(listed.body.jobs.map((j: { id: string }) => j.id)).not.toContain(posted.id);

    await until(async () => {
      const { rows } = await db.query('SELECT status FROM jobs.jobs WHERE id = $1', [posted.id]);
      return rows[0].status === 'closed' ? true : undefined;
    });
    // A later sweep, still one event.
    await aLaterSweep(poster);
    const closes = (await eventsOf(posted.id)).filter((e) => e.type === 'job.closed');
    expect(closes.map((e) => e.payload.reason)).toEqual(['expired']);
  });
});

describe('expiry with several replicas', () => {
  it('three sweepers racing (the service and two more on the same database) close each due job once', async () => {
    process.env.DATABASE_URL = inject('databaseUrl');
    const kit = await import('@marketplace/service-kit');
    const { jobsEntities, jobsMigrations } = await import('../../apps/jobs/dist/jobs.entities.js');
    const { ExpirySweeper } = await import('../../apps/jobs/dist/lifetime/expiry-sweeper.js');
    const replicas = await Promise.all(
      [0, 1].map(async () => {
        const ds = kit.createDataSource({ schema: 'jobs', entities: jobsEntities, migrations: jobsMigrations });
        await ds.initialize();
        const uow = new kit.UnitOfWork(ds, { publishCommitted: () => undefined } as never);
        return { ds, sweeper: new ExpirySweeper(ds, uow, kit.createLogger('e2e-sweeper')) };
      }),
    );
    try {
      const poster = await createMember(nats);
      const jobs = await Promise.all(Array.from({ length: 8 }, (_, i) => post(poster, { title: `Due job ${i}` })));
      const ids = jobs.map((j) => j.id);
      await db.query(`UPDATE jobs.jobs SET closes_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])`, [ids]);
      const closedHere = await Promise.all(replicas.map((r) => r.sweeper.sweepOnce()));
      await until(async () => {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM jobs.jobs WHERE id = ANY($1::uuid[]) AND status = 'closed'`, [ids]);
        return rows[0].n === ids.length ? true : undefined;
      });
      // Another round from the extra replicas and one from the service, all after every job closed.
      await Promise.all([...replicas.map((r) => r.sweeper.sweepOnce()), aLaterSweep(poster)]);
      const { rows } = await db.query(
        `SELECT envelope->'payload'->>'jobId' AS id, count(*)::int AS n FROM jobs.outbox_events
         WHERE envelope->>'type' = 'job.closed' AND envelope->'payload'->>'jobId' = ANY($1::text[]) GROUP BY 1`,
        [ids],
      );
      expect(rows.map((r: { n: number }) => r.n)).toEqual(ids.map(() => 1));
      expect(closedHere.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(ids.length);
    } finally {
      await Promise.all(replicas.map((r) => r.ds.destroy()));
    }
  });
});

describe('search and posters', () => {
  let poster: TestMember;
  let searcher: TestMember;
  const word = `zq${randomUUID().slice(0, 8)}`;
  let inTitle: any;
  let inBody: any;
  beforeAll(async () => {
    [poster, searcher] = await Promise.all([createMember(nats, { name: `Quill ${word} Poster` }), createMember(nats)]);
    inBody = await post(poster, { title: 'Write a guide', constraints: `Cover the ${word} workflow in depth.` });
    inTitle = await post(poster, { title: `Migrate ${word} data`, constraints: 'Move everything.' });
    await post(poster, { title: `Anonymous ${word} job`, posterVisibility: 'anonymous' });
  });

  it('keyword mode: title matches rank above description matches; interpretation reports the query', async () => {
    const res = await api(base, `/api/jobs/search?q=${word}`, { key: searcher.key });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('keyword');
    const ids = res.body.jobs.map((j: { id: string }) => j.id);
    expect(ids.indexOf(inTitle.id)).toBeLessThan(ids.indexOf(inBody.id));
    expect(ids.indexOf(inBody.id)).toBeGreaterThan(-1);
    expect(res.body.interpretation).toEqual({ query: word, minBudget: null, maxBudget: null, sort: 'relevance', interpreted: false });
    expect(res.body.jobs[0]).not.toHaveProperty('hasPreferredWorker');
  });

  it('reads budgets and ordering from q; explicit parameters win; without q it is filter mode', async () => {
    const implied = await api(base, `/api/jobs/search?q=${encodeURIComponent(`newest ${word} under $500`)}`, { key: searcher.key });
    expect(implied.body.interpretation).toEqual({ query: word, minBudget: null, maxBudget: 500, sort: 'newest', interpreted: true });
    expect(implied.body.jobs.length).toBe(3);
    expect(new Date(implied.body.jobs[0].createdAt) >= new Date(implied.body.jobs[1].createdAt)).toBe(true);
    const explicit = await api(base, `/api/jobs/search?q=${encodeURIComponent(`${word} between 100 and 300 dollars`)}&max_budget=900&sort=relevance`, {
      key: searcher.key,
    });
    expect(explicit.body.interpretation).toMatchObject({ minBudget: 100, maxBudget: 900, sort: 'relevance', interpreted: true });
    const filter = await api(base, '/api/jobs/search?limit=5', { key: searcher.key });
    expect(filter.body.mode).toBe('filter');
    expect(filter.body.jobs.length).toBeLessThanOrEqual(5);
    const bad = await api(base, '/api/jobs/search?limit=51&min_budget=9&max_budget=1', { key: searcher.key });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['limit', 'max_budget']);
  });

  it('search_jobs over MCP takes query and answers like REST; closed jobs are never found', async () => {
    const tool = toolResult(await mcp(base, 'tools/call', { name: 'search_jobs', arguments: { query: word } }));
    expect(tool.mode).toBe('keyword');
    expect(tool.jobs.map((j: { id: string }) => j.id).sort()).toEqual(
      (await api(base, `/api/jobs/search?q=${word}`, { key: searcher.key })).body.jobs.map((j: { id: string }) => j.id).sort(),
    );
    const closing = await post(poster, { title: `Closing ${word}` });
    await api(base, `/api/me/jobs/${closing.id}/close`, { method: 'POST', key: poster.key });
    const after = await api(base, `/api/jobs/search?q=${word}`, { key: searcher.key });
    expect(after.body.jobs.map((j: { id: string }) => j.id)).not.toContain(closing.id);
  });

  it('lists posters with open public jobs, name search in any case, anonymous jobs not counted', async () => {
    const res = await api(base, `/api/jobs/posters?q=${word.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.posters).toEqual([{ id: poster.id, name: poster.name, headline: expect.any(String), photoUrl: null, openJobs: 2 }]);
    const tool = toolResult(await mcp(base, 'tools/call', { name: 'list_job_posters', arguments: { poster_id: [poster.id] } }));
    expect(tool.posters[0]).toMatchObject({ id: poster.id, openJobs: 2 });
    expect((await api(base, '/api/jobs/posters?limit=51')).status).toBe(400);
  });

  it('counts anonymous searches per client IP, shared by REST and search_jobs', async () => {
    // An address of its own, so its count starts at zero whatever ran before.
    const ip = `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
    const viaRest = () => fromIp(ip, `/api/jobs/search?q=${word}`);
    const viaTool = (id: number) =>
      fromIp(ip, '/api/mcp', {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'search_jobs', arguments: { query: word } },
      });
    // The surfaces take turns: one allowance of 30 for the address, whichever surface spends it.
    const probe = await probeFixedWindow({
      max: 30,
      windowSeconds: 60,
      attempt: async (i) => ({ i, reply: await (i % 2 ? viaTool(i) : viaRest()) }),
      retryAfterOf: ({ i, reply }) => (i % 2 ? toolRefusal(reply) : restRefusal(reply)),
    });
    expectFixedWindowLimit(probe, 30, 60);
    // Each surface refuses in its own form; asked until refused, in case a new window just began.
    const rest = await until(async () => {
      const r = await viaRest();
      return restRefusal(r) === undefined ? undefined : r;
    });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0);
    const tool = await until(async () => {
      const r = await viaTool(99);
      return toolRefusal(r) === undefined ? undefined : r;
    });
    expect(toolError(tool)).toMatchObject({ status: 429, retryAfter: expect.any(Number) });
    // Another address has its own allowance.
    expect((await fromIp(`127.${randomInt(1, 250)}.${randomInt(1, 250)}.1`, `/api/jobs/search?q=${word}`)).status).toBe(200);
  });

  it('allows a member 30 searches per minute, then 429 with Retry-After', async () => {
    // A fresh member: nothing counted for them yet, whatever the time.
    const member = await createMember(nats);
    const probe = await probeFixedWindow({
      max: 30,
      windowSeconds: 60,
      attempt: () => api(base, `/api/jobs/search?q=${word}`, { key: member.key }),
      retryAfterOf: restRefusal,
    });
    expectFixedWindowLimit(probe, 30, 60);
    expect(probe.refusal.body.retryAfter).toBe(probe.retryAfter);
    expect(probe.refusal.body.error).toMatch(/30 times per minute/);
  });
});

describe('safety review on posting', () => {
  it('refuses profanity and hateful language with 403 and publishes nothing', async () => {
    const poster = await createMember(nats);
    for (const title of ['Fix this f.u.c.k-up', 'White power rally posters']) {
      const res = await api(base, '/api/me/jobs', { key: poster.key, body: job({ title }) });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatch(/safety review/);
    }
    expect((await api(base, '/api/me/jobs', { key: poster.key })).body.jobs).toEqual([]);
  });

  it('personal and internal details need acknowledgeExposures; fields name where', async () => {
    const poster = await createMember(nats);
    const text = 'Call 415-555-0132 and ssh to 10.1.2.3 (db01.corp).';
    const refused = await api(base, '/api/me/jobs', { key: poster.key, body: job({ constraints: text }) });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.constraints).toMatch(/phone number/);
    expect(refused.body.fields.constraints).toMatch(/private IP address/);
    expect(refused.body.fields.constraints).toMatch(/internal hostname/);
    expect(refused.body.fields.constraints).not.toContain('415-555-0132');
    const accepted = await api(base, '/api/me/jobs', { key: poster.key, body: job({ constraints: text, acknowledgeExposures: true }) });
    expect(accepted.status).toBe(201);
  });

  it('a card number needs acknowledging; an invoice or tracking number that passes Luhn is not a card (both surfaces)', async () => {
    const poster = await createMember(nats);
    // Each passes the Luhn check; none starts with a card network's prefix at its length.
    for (const title of ['Invoice 1796535961009 reconciliation', 'Trace parcel 9400111000000000000002']) {
      const posted = await api(base, '/api/me/jobs', { key: poster.key, body: job({ title }) });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    }
    for (const card of ['4111 1111 1111 1111', '3782 822463 10005', '6200000000000005', '2200000000000004']) {
      const refused = await api(base, '/api/me/jobs', { key: poster.key, body: job({ constraints: `Charge card ${card} for the parts.` }) });
      expect(refused.status, card).toBe(400);
      expect(refused.body.fields.constraints, card).toMatch(/payment card number/);
    }
    const token = await mcpAccessToken(base, inject('mailDir'), poster);
    const viaTool = toolOutcome(
      await mcp(
        base,
        'tools/call',
        {
          name: 'post_job',
          arguments: { title: 'Order 1796535961009 follow-up', category: 'data', constraints: 'Match the order to its invoice.' },
        },
        token,
      ),
    );
    expect(viaTool.isError, JSON.stringify(viaTool)).toBeUndefined();
  });

  it('the safety policy reports the limits in force', async () => {
    const res = await api(base, '/api/safety-policy');
    expect(res.body).toMatchObject({ commentsPerHour: 30, searchesPerMinute: 30 });
  });

  it('503 and nothing published when identity (profile and preferred-worker checks) is down', async () => {
    const poster = await createMember(nats);
    const caller = await callInternal(nats, authenticateKey, { key: poster.key });
    const control = inject('controlUrl');
    expect((await fetch(`${control}/stop/identity`, { method: 'POST' })).status).toBe(204);
    // The gateway must still get past the API key, or its own 503 would pass this test: a stand-in
    // answers only authenticateKey, as identity did a moment ago. Everything else identity answers
    // (the member card jobs checks the profile with, the preferred workers) has no one to answer it.
    const standIn = await connectAs(nats, 'identity', 'e2e-identity-stand-in');
    const authenticated: string[] = [];
    standIn.subscribe(authenticateKey.subject, {
      callback: (_err, msg) => {
        authenticated.push(msg.string());
        msg.respond(JSON.stringify({ ok: true, data: caller }));
      },
    });
    await standIn.flush();
    try {
      for (const body of [
        job({ title: 'During outage' }),
        job({ title: 'During outage, preferred', preferred_workers: [`someone-${randomUUID().slice(0, 8)}@example.test`] }),
      ]) {
        const before = authenticated.length;
        const res = await api(base, '/api/me/jobs', { key: poster.key, body });
        expect(authenticated.length, 'the gateway authenticated the key').toBe(before + 1);
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body.error).toMatch(/identity service is unavailable/);
      }
    } finally {
      await standIn.close();
      expect((await fetch(`${control}/start/identity`, { method: 'POST' })).status).toBe(204);
    }
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM jobs.jobs WHERE poster_id = $1`, [poster.id]);
    expect(rows[0].n).toBe(0);
    // Identity back: the same post goes through.
    expect((await api(base, '/api/me/jobs', { key: poster.key, body: job({ title: 'After the outage' }) })).status).toBe(201);
  });
});

describe('preferred workers', () => {
  let poster: TestMember;
  let worker: TestMember;
  let second: TestMember;
  beforeAll(async () => {
    [poster, worker, second] = await Promise.all([createMember(nats), createMember(nats), createMember(nats, { name: `Pref ${randomUUID().slice(0, 8)}` })]);
  });

  it('names workers by email without revealing them; hasPreferredWorker on details; the worker is alerted', async () => {
    const posted = await post(poster, { preferred_workers: [worker.email.toUpperCase()] });
    expect(posted.hasPreferredWorker).toBe(true);
    const pub = await api(base, `/api/jobs/${posted.id}`);
    expect(pub.body.hasPreferredWorker).toBe(true);
    expect(JSON.stringify(pub.body)).not.toContain(worker.email);
    expect(JSON.stringify(pub.body)).not.toContain(worker.id);
    const tool = toolResult(await mcp(base, 'tools/call', { name: 'get_job', arguments: { id: posted.id } }));
    expect(tool.hasPreferredWorker).toBe(true);
    const list = await api(base, `/api/jobs?poster_id=${poster.id}`);
    expect(list.body.jobs[0]).not.toHaveProperty('hasPreferredWorker');

    const alerts = await until(async () => {
      const res = await api(base, '/api/me/notifications/deliver', { key: worker.key, method: 'POST' });
      const mine = res.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts).filter((a: { kind: string }) => a.kind === 'job.preferred_workers_named');
      return mine.length ? mine : undefined;
    });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ jobId: posted.id });
  });

  it('preferredWorkers sent alone names workers without a version; unknown emails answer the same; at most 10', async () => {
    const posted = await post(poster);
    expect(posted.hasPreferredWorker).toBe(false);
    const named = await api(base, `/api/me/jobs/${posted.id}`, { method: 'PATCH', key: poster.key, body: { preferredWorkers: [second.name] } });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ version: 1, hasPreferredWorker: true });
    const unknown = await api(base, `/api/me/jobs/${posted.id}`, {
      method: 'PATCH',
      key: poster.key,
      body: { preferredWorkers: ['nobody-here@example.test'] },
    });
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(named.body).sort());
    const tooMany = await api(base, `/api/me/jobs/${posted.id}`, {
      method: 'PATCH',
      key: poster.key,
      body: { preferredWorkers: Array.from({ length: 9 }, (_, i) => `w${i}@example.test`) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.preferredWorkers).toMatch(/10/);
    await until(async () => {
      const res = await api(base, '/api/me/notifications/deliver', { key: second.key, method: 'POST' });
      return res.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts).some((a: { jobId: string }) => a.jobId === posted.id) ? true : undefined;
    });
  });
});

describe('comments', () => {
  let poster: TestMember;
  let commenter: TestMember;
  let stranger: TestMember;
  let jobId: string;
  beforeAll(async () => {
    [poster, commenter, stranger] = await Promise.all([createMember(nats), createMember(nats), createMember(nats)]);
    jobId = (await post(poster)).id;
  });

  it('comments and replies, marked as agents with an API key; the list is public on both surfaces', async () => {
    const first = await api(base, `/api/jobs/${jobId}/comments`, { key: commenter.key, body: { body: 'Is a CSV fine?\nOr XLSX?' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      jobId,
      parentId: null,
      body: 'Is a CSV fine?\nOr XLSX?',
      deleted: false,
      author: { id: commenter.id, name: commenter.name, kind: 'agent' },
    });
    const reply = await api(base, `/api/jobs/${jobId}/comments`, { key: poster.key, body: { body: 'CSV is fine.', parentId: first.body.id } });
    expect(reply.status).toBe(201);
    expect(reply.body.parentId).toBe(first.body.id);
    const list = await api(base, `/api/jobs/${jobId}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.comments.map((c: { id: string }) => c.id)).toEqual([first.body.id, reply.body.id]);
    const tool = toolResult(await mcp(base, 'tools/call', { name: 'list_job_comments', arguments: { job_id: jobId } }));
    expect(tool).toEqual(list.body);

    // The poster hears of the comment, the commenter of the reply; nobody of their own words.
    const alertsOf = async (m: TestMember) =>
      (await api(base, '/api/me/notifications/deliver', { key: m.key, method: 'POST' })).body.conversations
        .flatMap((c: { alerts: any[] }) => c.alerts)
        .filter((a: { kind: string }) => a.kind === 'job.commented');
    const toPoster = await until(async () => {
      const a = await alertsOf(poster);
      return a.length ? a : undefined;
    });
    expect(toPoster).toEqual([expect.objectContaining({ jobId, message: expect.stringContaining('New comment') })]);
    const toCommenter = await until(async () => {
      const a = await alertsOf(commenter);
      return a.length ? a : undefined;
    });
    expect(toCommenter).toEqual([expect.objectContaining({ jobId, message: expect.stringContaining('replied') })]);
  });

  it('deleting keeps replies, drops text and author; 409 twice; 403 for strangers; 409 replying to a deleted comment', async () => {
    const parent = await api(base, `/api/jobs/${jobId}/comments`, { key: commenter.key, body: { body: 'Parent' } });
    const child = await api(base, `/api/jobs/${jobId}/comments`, { key: stranger.key, body: { body: 'Child', parentId: parent.body.id } });
    expect((await api(base, `/api/comments/${parent.body.id}`, { method: 'DELETE', key: stranger.key })).status).toBe(403);
    const del = await api(base, `/api/comments/${parent.body.id}`, { method: 'DELETE', key: poster.key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: parent.body.id, deleted: true });
    expect((await api(base, `/api/comments/${parent.body.id}`, { method: 'DELETE', key: commenter.key })).status).toBe(409);
    const list = (await api(base, `/api/jobs/${jobId}/comments`)).body.comments;
    expect(list.find((c: { id: string }) => c.id === parent.body.id)).toMatchObject({ body: null, author: null, deleted: true });
    expect(list.find((c: { id: string }) => c.id === child.body.id)).toMatchObject({ body: 'Child', parentId: parent.body.id });
    const late = await api(base, `/api/jobs/${jobId}/comments`, { key: commenter.key, body: { body: 'Late', parentId: parent.body.id } });
    expect(late.status).toBe(409);
    expect((await api(base, `/api/comments/${child.body.id}`, { method: 'DELETE', key: stranger.key })).status).toBe(200);
  });

  it('401 without a key, 404 for unknown jobs and comments, 400 invalid body', async () => {
    expect((await api(base, `/api/jobs/${jobId}/comments`, { body: { body: 'hi' } })).status).toBe(401);
    expect((await api(base, `/api/jobs/${randomUUID()}/comments`, { key: commenter.key, body: { body: 'hi' } })).status).toBe(404);
    expect((await api(base, `/api/jobs/${randomUUID()}/comments`)).status).toBe(404);
    expect((await api(base, `/api/comments/${randomUUID()}`, { method: 'DELETE', key: commenter.key })).status).toBe(404);
    const empty = await api(base, `/api/jobs/${jobId}/comments`, { key: commenter.key, body: { body: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.body).toBeDefined();
    const long = await api(base, `/api/jobs/${jobId}/comments`, { key: commenter.key, body: { body: 'x'.repeat(4001) } });
    expect(long.status).toBe(400);
  });

  it('masks an anonymous poster on their own comments as the job masks them, on both surfaces', async () => {
    const hidden = await createMember(nats);
    const anon = await post(hidden, { posterVisibility: 'anonymous' });
    expect((await api(base, `/api/jobs/${anon.id}`)).body.postedBy).toEqual({ id: null, name: 'Anonymous poster', headline: null, photoUrl: null });
    const question = await api(base, `/api/jobs/${anon.id}/comments`, { key: commenter.key, body: { body: 'Which format?' } });
    const answer = await api(base, `/api/jobs/${anon.id}/comments`, { key: hidden.key, body: { body: 'Plain CSV.', parentId: question.body.id } });
    expect(answer.status).toBe(201);
    expect(answer.body.author).toEqual({ id: null, name: 'Anonymous poster', kind: 'agent' });
    const list = (await api(base, `/api/jobs/${anon.id}/comments`)).body.comments;
    expect(list.map((c: { author: unknown }) => c.author)).toEqual([
      { id: commenter.id, name: commenter.name, kind: 'agent' },
      { id: null, name: 'Anonymous poster', kind: 'agent' },
    ]);
    const tool = toolResult(await mcp(base, 'tools/call', { name: 'list_job_comments', arguments: { job_id: anon.id } }));
    expect(JSON.stringify(tool)).not.toContain(hidden.id);
    expect(JSON.stringify(list)).not.toContain(hidden.id);
    expect(JSON.stringify(list)).not.toContain(hidden.name);
    // The poster can still delete their own masked comment.
    expect((await api(base, `/api/comments/${answer.body.id}`, { method: 'DELETE', key: hidden.key })).status).toBe(200);
  });

  it('comment bodies pass the posting checks: credentials 400, policy 403, personal or internal details 400; nothing published', async () => {
    const author = await createMember(nats);
    const comment = (body: string) => api(base, `/api/jobs/${jobId}/comments`, { key: author.key, body: { body } });
    const secret = await comment('Use AKIAABCDEFGHIJKLMNOP to reach the bucket.');
    expect(secret.status).toBe(400);
    expect(secret.body.fields.body).toMatch(/credential/);
    expect(secret.body.fields.body).not.toContain('AKIAABCDEFGHIJKLMNOP');
    const rude = await comment('What a sh1t job');
    expect(rude.status).toBe(403);
    expect(rude.body.error).toMatch(/safety review/);
    const exposed = await comment('Call 415-555-0132 or mail boss@acme-corp.example.com; the box is db01.corp');
    expect(exposed.status).toBe(400);
    expect(exposed.body.fields.body).toMatch(/phone number/);
    expect(exposed.body.fields.body).toMatch(/email address/);
    expect(exposed.body.fields.body).toMatch(/internal hostname/);
    expect(exposed.body.fields.body).not.toContain('415-555-0132');
    expect(exposed.body.fields.body).not.toMatch(/acknowledgeExposures/);
    const leaked = (await api(base, `/api/jobs/${jobId}/comments`)).body.comments.filter((c: { author: { id: string } | null }) => c.author?.id === author.id);
    expect(leaked).toEqual([]);
    expect((await comment('Fine by me.')).status).toBe(201);
  });

  it('allows 30 comments per account per hour, then 429 with Retry-After', async () => {
    const busy = await createMember(nats);
    for (let i = 0; i < 30; i++) {
      const res = await api(base, `/api/jobs/${jobId}/comments`, { key: busy.key, body: { body: `Comment ${i}` } });
      expect(res.status).toBe(201);
    }
    const limited = await api(base, `/api/jobs/${jobId}/comments`, { key: busy.key, body: { body: 'One more' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});

describe('performance report', () => {
  it('counts impressions and views once per viewer per day, excludes the poster and crawlers, and applications from events', async () => {
    const [poster, viewer] = await Promise.all([createMember(nats), createMember(nats)]);
    const posted = await post(poster, { title: 'Performance job' });
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
    await api(base, `/api/jobs?poster_id=${poster.id}`, { key: viewer.key });
    await api(base, `/api/jobs?poster_id=${poster.id}`, { key: viewer.key });
    await api(base, `/api/jobs/${posted.id}`, { key: viewer.key });
    await api(base, `/api/jobs/${posted.id}/details`, { key: viewer.key });
    await api(base, `/api/jobs/${posted.id}`, { headers: browser });
    await api(base, `/api/jobs/${posted.id}`, { headers: browser });
    await api(base, `/api/jobs/${posted.id}`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
    await api(base, `/api/jobs/${posted.id}`, { key: poster.key });
    // A full member page shows the poster's open jobs (an impression); the preview does not.
    await api(base, `/api/members/${poster.id}`, { headers: browser });
    await api(base, `/api/members/${poster.id}?view=preview`, { headers: { 'user-agent': 'Mozilla/5.0 Safari/605.1' } });

    // An application arrives as the applications service announces it.
    const nc = await connectAs(nats, 'applications');
    try {
      const js = jetstream(nc);
      const envelope = {
        id: randomUUID(),
        type: applicationSubmittedV1.type,
        version: 1,
        producer: 'applications',
        occurredAt: new Date().toISOString(),
        payload: {
          applicationId: randomUUID(),
          jobId: posted.id,
          applicantId: viewer.id,
          posterId: poster.id,
          jobVersion: 1,
          viaAgent: true,
          submittedAt: new Date().toISOString(),
        },
      };
      await js.publish(applicationSubmittedV1.subject, JSON.stringify(envelope), { msgID: envelope.id });
    } finally {
      await nc.close();
    }

    const report = await until(async () => {
      const res = await api(base, '/api/me/performance?days=7', { key: poster.key });
      expect(res.status).toBe(200);
      return res.body.totals.applications === 1 && res.body.totals.views === 2 && res.body.totals.impressions === 2 ? res.body : undefined;
    });
    expect(report.totals).toEqual({ impressions: 2, views: 2, viewRate: 1, applications: 1, applyRate: 0.5, agentShare: 1 });
    expect(report.previous).toMatchObject({ impressions: 0, views: 0, applications: 0 });
    expect(report.daily).toHaveLength(7);
    expect(report.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), impressions: 2, views: 2, applications: 1 });
    expect(report.jobs).toEqual([expect.objectContaining({ jobId: posted.id, title: 'Performance job', views: 2, impressions: 2 })]);
    const viewerReport = await api(base, '/api/me/performance', { key: viewer.key });
    expect(viewerReport.body).toMatchObject({ days: 30, totals: { impressions: 0, views: 0 } });
    expect((await api(base, '/api/me/performance?days=14', { key: poster.key })).status).toBe(400);
    expect((await api(base, '/api/me/performance')).status).toBe(401);
  });
});
