import { api, createMember, dbQuery, type FakeModelServer, mcp, startFakeModelServer, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { E2E_ENV } from './global-setup.js';
import { service } from './support/control.js';
import { approvedDraft } from './support/drafts.js';
import { mcpToken } from './support/mcp-token.js';

/**
 * The job board's content check with a model configured: the word list first, then the model's
 * second opinion on the safety policy, refusing in the same shape on REST and MCP. It fails
 * closed: garbage, a refusal from the model server, a model slower than its timeout, or no model
 * server at all answer 503 and publish nothing (no job, version or event), and the attempt is not
 * counted against the member's posting limits.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');

let model: FakeModelServer;
// Longer than the bus timeout (E2E_ENV.BUS_TIMEOUT_MS): posting and editing declare their own wait
// (MODEL_CHECKED_TIMEOUT_MS), so a model slower than an ordinary call is still heard, and a hang
// ends at the model's timeout with the safety check's own 503.
const BUS_TIMEOUT_MS = Number(E2E_ENV.BUS_TIMEOUT_MS);
const TIMEOUT_MS = BUS_TIMEOUT_MS + 2000;

beforeAll(async () => {
  model = await startFakeModelServer();
  await service('stop', 'jobs');
  await service('start', 'jobs', {
    MODEL_BASE_URL: model.url,
    MODEL_NAME: 'fake-chat',
    MODEL_RETRIES: '0',
    MODEL_TIMEOUT_MS: String(TIMEOUT_MS),
    MODEL_USD_PER_MILLION_PROMPT: '1000',
    MODEL_USD_PER_MILLION_COMPLETION: '2000',
  });
}, 60_000);

afterAll(async () => {
  await service('stop', 'jobs');
  await service('start', 'jobs', {});
  await model.stop();
}, 60_000);

// Counterfeits pass the word list; the fake model flags them as a model that knows the policy would.
const counterfeit = { title: 'Sell designer handbags', category: 'marketing', constraints: 'Write listings for our counterfeit designer bags.' };
const post = (m: TestMember, body: Record<string, unknown>) => api(base, '/api/me/jobs', { key: m.key, body });
const patch = (m: TestMember, id: string, body: Record<string, unknown>) => api(base, `/api/me/jobs/${id}`, { key: m.key, method: 'PATCH', body });
const safetyRequests = () => model.requests.filter((r) => /against its safety policy/.test(JSON.stringify(r.body.messages?.[0]?.content ?? ''))).length;

/** Everything a posting or an edit by `m` leaves behind: jobs, versions, events, counted attempts. */
async function traces(m: TestMember): Promise<{ jobs: number; versions: number; events: number; attempts: number }> {
  const [row] = await dbQuery<{ jobs: number; versions: number; events: number; attempts: number }>(
    db,
    `SELECT
    (SELECT count(*)::int FROM jobs.jobs WHERE poster_id::text = $1) AS jobs,
    (SELECT count(*)::int FROM jobs.job_versions v JOIN jobs.jobs j ON j.id = v.job_id WHERE j.poster_id::text = $1) AS versions,
    (SELECT count(*)::int FROM jobs.outbox_events WHERE envelope->'payload'->>'posterId' = $1) AS events,
    (SELECT coalesce(sum(count), 0)::int FROM jobs.limit_attempts WHERE subject = $1) AS attempts`,
    [m.id],
  );
  return row!;
}

/** A 503 that says the check did not run and nothing went out. */
function expectUnavailable(res: { status: number; body: any }): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error).toMatch(/safety check is unavailable.*nothing was published or charged/i);
}

describe("the content check's second opinion from the model", () => {
  it('refuses a posting the model flags on REST and MCP, and an edit that adds it, keeping accounts in costs', async () => {
    const member = await createMember(nats);
    const refused = await post(member, counterfeit);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error).toMatch(/^Refused by safety review/);
    expect(refused.body.fields).toEqual({ constraints: 'Breaks our safety policy: It asks for counterfeit goods.' });

    const token = await mcpToken(member);
    const viaMcp = toolOutcome(await mcp(base, 'tools/call', { name: 'post_job', arguments: counterfeit }, token));
    expect(viaMcp).toMatchObject({ isError: true, error: refused.body.error, fields: refused.body.fields });

    const fine = await post(member, { title: 'Tidy a spreadsheet', category: 'data', constraints: 'Merge two sheets into one.' });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    const edit = await api(base, `/api/me/jobs/${fine.body.id}`, { key: member.key, method: 'PATCH', body: { constraints: counterfeit.constraints } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(403);
    expect(edit.body.fields).toEqual(refused.body.fields);
    expect((await api(base, `/api/jobs/${fine.body.id}`)).body.version).toBe(1);

    // Each answer is recorded with its tokens and price: the refusals without a job, the post and the edit with theirs.
    const costs = await dbQuery<{
      job_id: string | null;
      purpose: string;
      model: string;
      calls: number;
      prompt_tokens: number;
      completion_tokens: number;
      usd: number;
    }>(db, 'SELECT job_id, purpose, model, calls, prompt_tokens, completion_tokens, usd FROM jobs.model_costs WHERE member_id = $1 ORDER BY created_at', [
      member.id,
    ]);
    expect(costs.map((c) => c.job_id)).toEqual([null, null, fine.body.id, fine.body.id]);
    for (const c of costs) {
      expect(c).toMatchObject({ purpose: 'safety_review', model: 'fake-chat', calls: 1 });
      expect(c.prompt_tokens).toBeGreaterThan(0);
      expect(c.usd).toBeCloseTo((c.prompt_tokens * 1000 + c.completion_tokens * 2000) / 1e6, 6);
    }
  });

  it('waits for a model slower than an ordinary call: posting and editing declare a longer wait than the bus timeout', async () => {
    const member = await createMember(nats);
    const slow = (ok: boolean) => ({
      json: { violates: !ok, fields: ok ? [] : ['constraints'], reason: ok ? '' : 'It asks for counterfeit goods.' },
      delayMs: BUS_TIMEOUT_MS + 1000,
    });
    model.queue.push(slow(true));
    const posted = await post(member, { title: 'Tidy a spreadsheet', category: 'data', constraints: 'Merge two sheets into one.' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    model.queue.push(slow(true));
    const edited = await patch(member, posted.body.id, { constraints: 'Merge three sheets into one.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.version).toBe(2);
    model.queue.push(slow(false));
    const viaMcp = toolOutcome(await mcp(base, 'tools/call', { name: 'post_job', arguments: counterfeit }, await mcpToken(member)));
    expect(viaMcp).toMatchObject({ isError: true, status: 403 });
  });

  it('fails closed when the model answers garbage, refuses the request or is slower than its timeout', async () => {
    const member = await createMember(nats);
    model.queue.push({ text: 'Looks fine to me.' }, { json: { ok: true } });
    expectUnavailable(await post(member, counterfeit));

    // A refusal (4xx) from the model server is not retried and not read as a pass; the tool says the same.
    const token = await mcpToken(member);
    model.queue.push({ status: 400 });
    const viaMcp = toolOutcome(await mcp(base, 'tools/call', { name: 'post_job', arguments: counterfeit }, token));
    expect(viaMcp).toMatchObject({ isError: true, status: 503 });
    expect(viaMcp.error).toMatch(/safety check is unavailable/);

    const before = safetyRequests();
    const gaveUp = model.abandoned.length;
    model.queue.push({ hang: true });
    // The safety check's own 503 (expectUnavailable reads its message), not the gateway's bus timeout
    // ("the jobs service is unavailable"): jobs stopped waiting for the model and closed the request itself.
    expectUnavailable(await post(member, counterfeit));
    expect(safetyRequests()).toBe(before + 1);
    await until(() => model.abandoned.length === gaveUp + 1, { timeoutMs: 5000, what: 'jobs to close the hanging model request' });
    // Nothing published, nothing counted against the day's posts, and nothing answered, so nothing spent.
    expect(await traces(member)).toEqual({ jobs: 0, versions: 0, events: 0, attempts: 0 });
    expect((await api(base, '/api/me/jobs', { key: member.key })).body.jobs).toEqual([]);
    expect(await dbQuery(db, 'SELECT 1 FROM jobs.model_costs WHERE member_id = $1', [member.id])).toEqual([]);

    // An edit the model cannot check publishes no version either.
    const fine = await post(member, { title: 'Tidy a spreadsheet', category: 'data', constraints: 'Merge two sheets into one.' });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    const posted = await traces(member);
    model.queue.push({ text: 'not JSON' }, { text: 'still not JSON' });
    expectUnavailable(await patch(member, fine.body.id, { constraints: 'Merge three sheets into one.' }));
    model.queue.push({ status: 422 });
    expect(
      toolOutcome(
        await mcp(
          base,
          'tools/call',
          {
            name: 'edit_job',
            arguments: { job_id: fine.body.id, constraints: 'Merge four sheets into one.' },
          },
          token,
        ),
      ),
    ).toMatchObject({ isError: true, status: 503 });
    expect(await traces(member)).toEqual(posted);
    const job = (await api(base, `/api/jobs/${fine.body.id}`)).body;
    expect(job).toMatchObject({ version: 1, constraints: 'Merge two sheets into one.' });
  });

  it('posting a guided draft goes through the same check: 503 leaves the draft open, and it posts once the model answers', async () => {
    const member = await createMember(nats);
    const draftId = await approvedDraft(member, 'public');
    const postDraft = () => api(base, `/api/me/job-drafts/${draftId}/post`, { key: member.key, method: 'POST', body: { acknowledgeExposures: true } });
    model.queue.push({ status: 403 });
    expectUnavailable(await postDraft());
    expect(await traces(member)).toEqual({ jobs: 0, versions: 0, events: 0, attempts: 0 });
    expect((await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).body).toMatchObject({ status: 'open' });
    const posted = await postDraft();
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect((await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).body).toMatchObject({ status: 'posted', jobId: posted.body.id });
  });

  it("asks the model nothing when the rules refuse or the day's posts are used up", async () => {
    const member = await createMember(nats);
    const asked = safetyRequests();
    expect((await post(member, { ...counterfeit, title: 'A sh1t job' })).status).toBe(403);
    let status = 201;
    for (let i = 0; i < 50 && status !== 429; i++) {
      status = (await post(member, { title: `Tidy spreadsheet ${i}`, category: 'data', constraints: 'Merge two sheets.' })).status;
    }
    expect(status).toBe(429);
    const posted = (await dbQuery(db, 'SELECT 1 FROM jobs.model_costs WHERE member_id = $1', [member.id])).length;
    // One answer per posting that went through, none for the word list's refusal or the one over the limit.
    expect(posted).toBeGreaterThan(0);
    expect(safetyRequests() - asked).toBe(posted);
  });

  it('answers 503 and publishes nothing once the model server is down, and the word list still refuses', async () => {
    const member = await createMember(nats);
    expect((await post(member, counterfeit)).status).toBe(403);
    const fine = await post(member, { title: 'Label some photos', category: 'data', constraints: 'Tag 200 photos.' });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    const before = await traces(member);
    await model.stop();
    expectUnavailable(await post(member, counterfeit));
    expectUnavailable(await post(member, { title: 'Label more photos', category: 'data', constraints: 'Tag 300 photos.' }));
    expectUnavailable(await patch(member, fine.body.id, { title: 'Label 250 photos' }));
    expect(await traces(member)).toEqual(before);
    expect((await api(base, '/api/me/jobs', { key: member.key })).body.jobs.map((j: { id: string }) => j.id)).toEqual([fine.body.id]);
    // The rules run first and need no model: their refusals still come back as refusals.
    const words = await post(member, { ...counterfeit, title: 'A sh1t job' });
    expect(words.status).toBe(403);
    expect(words.body.fields.title).toMatch(/profanity/);
    // A visibility-only edit skips the AI checks (spec), so it still goes through.
    const visibility = await patch(member, fine.body.id, { posterVisibility: 'anonymous' });
    expect(visibility.status, JSON.stringify(visibility.body)).toBe(200);
    expect(visibility.body.version).toBe(2);
  });
});
