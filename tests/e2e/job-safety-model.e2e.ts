import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api, createMember, dbQuery, mcp, startFakeModelServer, toolOutcome, type FakeModelServer, type TestMember,
} from '@marketplace/testing';
import { mcpToken } from './support/mcp-token.js';

/**
 * The job board's content check with a model configured: the word list first, then the model's
 * second opinion on the safety policy, refusing in the same shape on REST and MCP. It fails open:
 * garbage, a model slower than its timeout, or no model server at all leave the rules' verdict.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const control = inject('controlUrl');

let model: FakeModelServer;
const TIMEOUT_MS = 1500;

async function service(action: 'stop' | 'start', app: string, env?: Record<string, string>): Promise<void> {
  const res = await fetch(`${control}/${action}/${app}`, { method: 'POST', ...(env ? { body: JSON.stringify(env) } : {}) });
  expect(res.status, await res.text()).toBe(204);
}

beforeAll(async () => {
  model = await startFakeModelServer();
  await service('stop', 'jobs');
  await service('start', 'jobs', {
    MODEL_BASE_URL: model.url, MODEL_NAME: 'fake-chat', MODEL_RETRIES: '0', MODEL_TIMEOUT_MS: String(TIMEOUT_MS),
    MODEL_USD_PER_MILLION_PROMPT: '1000', MODEL_USD_PER_MILLION_COMPLETION: '2000',
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
const safetyRequests = () => model.requests.filter((r) => /against its safety policy/.test(r.body.messages?.[0]?.content ?? '')).length;

describe('the content check\'s second opinion from the model', () => {
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
    const costs = await dbQuery<{ job_id: string | null; purpose: string; model: string; calls: number; prompt_tokens: number; completion_tokens: number; usd: number }>(
      db, 'SELECT job_id, purpose, model, calls, prompt_tokens, completion_tokens, usd FROM jobs.model_costs WHERE member_id = $1 ORDER BY created_at', [member.id]);
    expect(costs.map((c) => c.job_id)).toEqual([null, null, fine.body.id, fine.body.id]);
    for (const c of costs) {
      expect(c).toMatchObject({ purpose: 'safety_review', model: 'fake-chat', calls: 1 });
      expect(c.prompt_tokens).toBeGreaterThan(0);
      expect(c.usd).toBeCloseTo((c.prompt_tokens * 1000 + c.completion_tokens * 2000) / 1e6, 6);
    }
  });

  it('fails open when the model answers garbage or is slower than its timeout', async () => {
    const member = await createMember(nats);
    model.queue.push({ text: 'Looks fine to me.' }, { json: { ok: true } });
    const garbage = await post(member, counterfeit);
    expect(garbage.status, JSON.stringify(garbage.body)).toBe(201);

    const before = safetyRequests();
    model.queue.push({ hang: true });
    const started = Date.now();
    const slow = await post(member, counterfeit);
    expect(slow.status, JSON.stringify(slow.body)).toBe(201);
    expect(safetyRequests()).toBe(before + 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000);
    // Nothing answered, so nothing was spent.
    expect(await dbQuery(db, 'SELECT 1 FROM jobs.model_costs WHERE member_id = $1', [member.id])).toEqual([]);
  });

  it('asks the model nothing when the rules refuse or the day\'s posts are used up', async () => {
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

  it('accepts the same posting once the model server is down, and the word list still refuses', async () => {
    const member = await createMember(nats);
    expect((await post(member, counterfeit)).status).toBe(403);
    await model.stop();
    const accepted = await post(member, counterfeit);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const words = await post(member, { ...counterfeit, title: 'A sh1t job' });
    expect(words.status).toBe(403);
    expect(words.body.fields.title).toMatch(/profanity/);
  });
});
