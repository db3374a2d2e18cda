import { api, createMember, dbQuery, type FakeModelServer, mcp, startFakeModelServer, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';
import { mcpToken } from './support/mcp-token.js';
import { holder, putPart, recordLink } from './support/recordings.js';

/**
 * Model use is metered: every action that spends a model call is limited per member (429 with
 * Retry-After on REST, a tool error over MCP, nothing written or queued), with or without a
 * model; the safety policy lists the numbers enforced; and an operator's daily cap stops a
 * service's model spending with a clear reason instead of another call.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');

const BUDGET_SPENT = "the service's daily model budget is spent; try again after 00:00 UTC";

type Draft = Record<string, any>;
const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });
const answers = { context: 'A small web shop on a hosted platform.', problem: 'The nightly stock export fails with a timeout.' };

/** Earlier attempts in the last hour, as the drafts service counts them (a minute ago, so the window is still open). */
async function usedUp(memberId: string, bucket: string, count: number): Promise<void> {
  await dbQuery(
    db,
    `INSERT INTO drafts.limit_attempts (bucket, subject, at, count, expires_at)
    VALUES ($1, $2, now() - interval '1 minute', $3, now() + interval '59 minutes')`,
    [bucket, memberId, count],
  );
}

function expectRefused(res: { status: number; body: any; headers: Headers }, message: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.error).toMatch(message);
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(3600);
  expect(res.body.retryAfter).toBe(retry);
}

async function taskIs(m: TestMember, id: string, task: string, status: string): Promise<Draft> {
  return until(
    async () => {
      const d = (await call(m, `/api/me/job-drafts/${id}`)).body;
      return d.tasks[task]?.status === status ? d : undefined;
    },
    { timeoutMs: 45_000, intervalMs: 250, what: `${task} to be ${status}` },
  );
}

describe('per-member limits on what spends a model call', () => {
  let policy: Record<string, any>;

  beforeAll(async () => {
    policy = (await api(base, '/api/safety-policy')).body;
  });

  it('lists the limits in force in the safety policy, on REST and MCP', async () => {
    expect(policy.modelUse).toEqual({
      draftStartsPerHour: 10,
      researchRerunsPerHour: 30,
      rewritesPerHour: 10,
      completedRecordingsPerHour: 6,
      counting: expect.stringMatching(/whether or not a model is configured.*count with job edits.*00:00 UTC/s),
    });
    expect(toolOutcome(await mcp(base, 'tools/call', { name: 'get_safety_policy', arguments: {} })).modelUse).toEqual(policy.modelUse);
  });

  it("refuses the start after the policy's number in an hour with 429 and Retry-After, and over MCP, writing nothing", async () => {
    const member = await createMember(nats);
    const allowed = policy.modelUse.draftStartsPerHour as number;
    for (let i = 0; i < allowed; i++) {
      const res = await call(member, '/api/me/job-drafts', 'POST', { answers });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const refused = await call(member, '/api/me/job-drafts', 'POST', { answers });
    expectRefused(refused, new RegExp(`^You can start ${allowed} drafts per hour`));

    const viaMcp = toolOutcome(await mcp(base, 'tools/call', { name: 'start_job_draft', arguments: { answers } }, await mcpToken(member)));
    expect(viaMcp).toMatchObject({ isError: true, error: refused.body.error });
    expect(viaMcp.retryAfter).toBeGreaterThan(0);

    // Neither refusal made a draft.
    expect((await call(member, '/api/me/job-drafts')).body.drafts).toHaveLength(allowed);
  });

  it('refuses an opening answer that would run the research again and a rewrite past their limits, changing nothing', async () => {
    const member = await createMember(nats);
    const draft = (await call(member, '/api/me/job-drafts', 'POST', { answers })).body;
    await taskIs(member, draft.id, 'followUps', 'ready');
    // No model here: the research ends unavailable, and changing the problem would still run it again.
    const researched = await taskIs(member, draft.id, 'research', 'failed');

    await usedUp(member.id, 'draft_research_reruns', policy.modelUse.researchRerunsPerHour);
    const rerun = await call(member, `/api/me/job-drafts/${draft.id}`, 'PATCH', { answers: { problem: 'The export also drops rows.' } });
    expectRefused(rerun, /^You can change the opening answers \(which runs the research again\) 30 times per hour/);
    // A follow-up answer runs no model, so it is not held back.
    const followUp = researched.nextQuestion.answerIds[0];
    const answered = await call(member, `/api/me/job-drafts/${draft.id}`, 'PATCH', { answers: { [followUp]: 'A patch.' } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.answers.problem).toBe(answers.problem);
    expect(answered.body.tasks.research).toEqual(researched.tasks.research);

    await usedUp(member.id, 'draft_rewrites', policy.modelUse.rewritesPerHour);
    const rewrite = await call(member, `/api/me/job-drafts/${draft.id}/writing`, 'POST', {});
    expectRefused(rewrite, /^You can have the job description written 10 times per hour/);
    const after = (await call(member, `/api/me/job-drafts/${draft.id}`)).body;
    expect(after.tasks.writing).toBeNull();
    expect(after.posting).toBeNull();
  });

  it('refuses completing a walkthrough recording past the limit; the recording stays uploading and is not checked', async () => {
    const member = await createMember(nats);
    const draft = (await call(member, '/api/me/job-drafts', 'POST', { answers })).body;
    const { token } = await recordLink(member, draft.id);
    const started = await holder(token, '/api/recordings', 'POST', {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const bytes = Buffer.from('a short walkthrough');
    expect((await putPart(token, started.body.id, 0, bytes)).status).toBe(200);

    await usedUp(member.id, 'completed_recordings', policy.modelUse.completedRecordingsPerHour);
    const done = await holder(token, `/api/recordings/${started.body.id}/complete`, 'POST', { parts: 1, size: bytes.length, seconds: 5 });
    expectRefused(done, /^You can complete 6 walkthrough recordings per hour/);
    expect((await holder(token, `/api/recordings/${started.body.id}`)).body.status).toBe('uploading');
    expect((await call(member, `/api/me/job-drafts/${draft.id}`)).body.recording).toBeNull();
  });
});

describe("the operator's daily model budget", () => {
  let model: FakeModelServer;
  const modelEnv = (cap: string) => ({
    MODEL_BASE_URL: model.url,
    MODEL_NAME: 'fake-chat',
    MODEL_RETRIES: '0',
    MODEL_TIMEOUT_MS: '20000',
    MODEL_USD_PER_MILLION_PROMPT: '1000',
    MODEL_USD_PER_MILLION_COMPLETION: '2000',
    MODEL_DAILY_CALLS_CAP: cap,
  });
  const chats = () => model.requests.filter((r) => r.path === '/v1/chat/completions').length;

  beforeAll(async () => {
    model = await startFakeModelServer();
    // A new UTC day for each service: nothing spent yet.
    await dbQuery(db, 'DELETE FROM drafts.model_spend');
    await dbQuery(db, 'DELETE FROM jobs.model_spend');
  }, 60_000);

  afterAll(async () => {
    // Whatever happened, the services run again as the files that follow expect them.
    await service('stop', 'drafts-worker');
    await service('start', 'drafts-worker', {});
    await service('stop', 'jobs');
    await service('start', 'jobs', {});
    await model.stop();
  }, 120_000);

  it('lets draft tasks spend up to the cap, then fails them with the reason and calls the model no more', async () => {
    await service('stop', 'drafts-worker');
    await service('start', 'drafts-worker', modelEnv('2'));
    const member = await createMember(nats);
    const draft = (await call(member, '/api/me/job-drafts', 'POST', { answers })).body;
    await taskIs(member, draft.id, 'research', 'ready');
    const asked = await taskIs(member, draft.id, 'followUps', 'ready');
    expect(asked.tasks.research.step).toBe('done with fake-chat');
    expect(chats()).toBe(2);
    // Each task's share of the costs, adding up to the totals.
    const { byTask } = asked.costs;
    expect(asked.costs).toMatchObject({ calls: 2, model: 'fake-chat' });
    expect(byTask.research).toMatchObject({ calls: 1, model: 'fake-chat' });
    expect(byTask.followUps).toMatchObject({ calls: 1, model: 'fake-chat' });
    expect(byTask.writing).toEqual({ calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null });
    expect(byTask.research.promptTokens + byTask.followUps.promptTokens).toBe(asked.costs.promptTokens);
    expect(byTask.research.usd + byTask.followUps.usd).toBeCloseTo(asked.costs.usd, 6);

    // The cap is spent: the research run again fails at once with the reason, and so does writing.
    const rerun = await call(member, `/api/me/job-drafts/${draft.id}`, 'PATCH', { answers: { problem: 'The export also drops rows.' } });
    expect(rerun.status, JSON.stringify(rerun.body)).toBe(200);
    const failed = await taskIs(member, draft.id, 'research', 'failed');
    expect(failed.tasks.research.error).toBe(`The research task failed: ${BUDGET_SPENT}`);
    expect((await call(member, `/api/me/job-drafts/${draft.id}/writing`, 'POST', {})).status).toBe(202);
    const unwritten = await taskIs(member, draft.id, 'writing', 'failed');
    expect(unwritten.tasks.writing.error).toBe(`The writing task failed: ${BUDGET_SPENT}`);
    expect(unwritten.posting).toBeNull();
    expect(unwritten.costs).toEqual(asked.costs);
    expect(chats()).toBe(2);

    // Kept in the service's database, where every replica counts.
    const [today] = await dbQuery<{ calls: number; usd: number }>(db, `SELECT calls, usd FROM drafts.model_spend WHERE day = (now() AT TIME ZONE 'UTC')::date`);
    expect(today).toMatchObject({ calls: 2 });
    expect(today!.usd).toBeCloseTo(asked.costs.usd, 6);
  });

  it("answers 503 and publishes nothing when the job board's budget is spent before its safety review", async () => {
    await service('stop', 'jobs');
    await service('start', 'jobs', modelEnv('1'));
    const member = await createMember(nats);
    const post = (title: string) => call(member, '/api/me/jobs', 'POST', { title, category: 'data', constraints: 'Merge two sheets into one.' });
    const before = chats();
    const first = await post('Tidy a spreadsheet');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(chats()).toBe(before + 1);

    const second = await post('Tidy another spreadsheet');
    expect(second.status, JSON.stringify(second.body)).toBe(503);
    expect(chats()).toBe(before + 1);
    const mine = await dbQuery<{ title: string }>(db, 'SELECT title FROM jobs.jobs WHERE poster_id = $1', [member.id]);
    expect(mine.map((j) => j.title)).toEqual(['Tidy a spreadsheet']);
  });
});
