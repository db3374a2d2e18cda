import { randomUUID } from 'node:crypto';

import { api, createMember, mcp, signIn, type TestMember, toolError, toolOutcome, toolResult, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

/**
 * The common MCP arguments `llm_model` and `context` (analytics only): every tool call is counted
 * by tool and model for staff (getMcpToolUsage, REST, MCP and the console), with no member and no
 * context text; and a tool that takes `model` gets llm_model there when the call names none.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

const call = (token: string | undefined, name: string, args: Record<string, unknown>) => mcp(base, 'tools/call', { name, arguments: args }, token);

interface Counted {
  tool?: string;
  model: string | null;
  calls: number;
  callsWithContext: number;
}

describe('MCP tool calls counted by tool and model, for staff', () => {
  let staff: TestMember;
  let member: TestMember;
  let staffToken: string;
  let memberToken: string;
  // Models no other test sends, so the counts below are exactly this test's.
  const model = `e2e-model-${randomUUID().slice(0, 8)}`;
  const other = `e2e-other-${randomUUID().slice(0, 8)}`;
  const context = `Helping ${randomUUID()} find haiku work`;
  const sentence = `Please call Ann ${randomUUID().slice(0, 8)} now`;

  beforeAll(async () => {
    [staff, member] = await Promise.all([createMember(nats, { staff: true }), createMember(nats)]);
    [staffToken, memberToken] = await Promise.all([mcpToken(staff), mcpToken(member)]);
  });

  it('counts every call, signed in or not, failed or not, by tool and llm_model, and whether it gave context', async () => {
    toolResult(await call(memberToken, 'list_open_jobs', { conversation_id: 'new', llm_model: model, context }));
    toolResult(await call(memberToken, 'list_open_jobs', { llm_model: model }));
    toolResult(await call(undefined, 'get_suggested_workflow', { llm_model: model, context: 'Learning the workflow' }));
    toolResult(await call(memberToken, 'get_suggested_workflow', { llm_model: other }));
    // A refused call is a call too.
    expect(toolError(await call(memberToken, 'get_job', { id: randomUUID(), llm_model: other })).status).toBe(404);
    // Not a model id: counted, but never as the text the agent sent.
    toolResult(await call(memberToken, 'get_suggested_workflow', { llm_model: sentence }));

    const usage = await until(
      async () => {
        const res = await api(base, '/api/admin/mcp-usage?days=2', { key: staff.key });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const row = (res.body.byToolAndModel as Counted[]).find((r) => r.tool === 'get_job' && r.model === other);
        return row ? res.body : undefined;
      },
      { what: 'the counts to reach admin' },
    );

    const pairs = (usage.byToolAndModel as Counted[]).filter((r) => r.model === model || r.model === other);
    expect(pairs).toEqual(
      expect.arrayContaining([
        { tool: 'list_open_jobs', model, calls: 2, callsWithContext: 1 },
        { tool: 'get_suggested_workflow', model, calls: 1, callsWithContext: 1 },
        { tool: 'get_suggested_workflow', model: other, calls: 1, callsWithContext: 0 },
        { tool: 'get_job', model: other, calls: 1, callsWithContext: 0 },
      ]),
    );
    expect(pairs).toHaveLength(4);
    expect(usage.byModel).toContainEqual({ model, calls: 3, callsWithContext: 2 });
    expect(usage.byModel).toContainEqual(expect.objectContaining({ model: '(other)' }));
    expect(usage.byTool).toContainEqual(expect.objectContaining({ tool: 'list_open_jobs' }));
    expect(usage.calls).toBeGreaterThanOrEqual(6);
    expect(usage.until).toBe(new Date().toISOString().slice(0, 10));
    // Counts only: neither the context text, nor what the agent wrote as a model, nor who called.
    const text = JSON.stringify(usage);
    for (const secret of [context, sentence, member.id, member.email]) expect(text).not.toContain(secret);

    // The same counts over MCP, as staff.
    const viaTool = toolResult(await call(staffToken, 'get_mcp_usage', { days: 2 }));
    expect(viaTool.byToolAndModel).toContainEqual({ tool: 'list_open_jobs', model, calls: 2, callsWithContext: 1 });
    expect(Object.keys(viaTool).sort()).toEqual(['byModel', 'byTool', 'byToolAndModel', 'callsWithContext', 'calls', 'since', 'truncated', 'until'].sort());
  });

  it('refuses members who are not staff (403) and a period outside 1-90 days (400)', async () => {
    expect((await api(base, '/api/admin/mcp-usage', { key: member.key })).status).toBe(403);
    expect(toolError(await call(memberToken, 'get_mcp_usage', {}))).toMatchObject({ status: 403, error: 'Staff only.' });
    for (const days of ['0', '91', 'many']) {
      const bad = await api(base, `/api/admin/mcp-usage?days=${days}`, { key: staff.key });
      expect(bad.status, days).toBe(400);
      expect(Object.keys(bad.body.fields), days).toEqual(['days']);
    }
    expect(toolError(await call(staffToken, 'get_mcp_usage', { days: 91 }))).toMatchObject({ status: 400, fields: { days: expect.any(String) } });
    const week = await api(base, '/api/admin/mcp-usage', { key: staff.key });
    expect(week.status).toBe(200);
    const since = new Date(Date.parse(`${week.body.until}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(week.body.since).toBe(since);
  });

  it('the staff console shows the counts by tool and model; a member who is not staff gets the 403 page', async () => {
    const desk = await signIn(base, mailDir, { email: `usage-${randomUUID().slice(0, 8)}@staff.example.test` });
    const page = await until(
      async () => {
        const res = await fetch(`${base}/admin/mcp-usage?days=7`, { headers: { cookie: desk.cookie } });
        expect(res.status).toBe(200);
        const html = await res.text();
        return html.includes(model) ? html : undefined;
      },
      { what: 'the console to show the counts' },
    );
    expect(page).toContain('<h1>MCP tool calls</h1>');
    expect(page).toContain('<strong aria-current="page">7 days</strong>');
    expect(page).toMatch(/<td>list_open_jobs<\/td><td>e2e-model-[^<]+<\/td><td>2<\/td><td>1<\/td>/);
    expect(page).not.toContain(context);
    const home = await fetch(`${base}/admin`, { headers: { cookie: desk.cookie } });
    expect(await home.text()).toContain('href="/admin/mcp-usage"');
    const someone = await signIn(base, mailDir);
    const refused = await fetch(`${base}/admin/mcp-usage`, { headers: { cookie: someone.cookie }, redirect: 'manual' });
    expect(refused.status).toBe(403);
  });
});

describe('llm_model as the model of a tool that takes one', () => {
  it('apply_to_job without model takes llm_model; "unknown" fills nothing; a model given is kept', async () => {
    const [poster, worker] = await Promise.all([createMember(nats), createMember(nats)]);
    const workerToken = await mcpToken(worker);
    const post = async (title: string) => {
      const job = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'writing', constraints: 'Write a haiku.' } });
      expect(job.status, JSON.stringify(job.body)).toBe(201);
      return job.body.id as string;
    };
    const [first, second] = [await post('Haiku by any model'), await post('Haiku by a named model')];
    const llm = `e2e-llm-${randomUUID().slice(0, 8)}`;
    const apply = (jobId: string, args: Record<string, unknown>) =>
      call(workerToken, 'apply_to_job', { job_id: jobId, pitch: 'Haiku daily.', accept_responsibility: true, ...args });

    const unknown = toolOutcome(await apply(first, { llm_model: 'unknown' }));
    expect(unknown).toMatchObject({ isError: true, status: 400 });
    expect(unknown.fields.model).toBeDefined();

    const applied = toolResult(await apply(first, { llm_model: llm }));
    expect(applied).toMatchObject({ status: 'submitted', model: llm, job: { id: first } });
    const named = toolResult(await apply(second, { llm_model: llm, model: 'the-model-that-wrote-it' }));
    expect(named.model).toBe('the-model-that-wrote-it');

    // The poster sees it on the application too.
    const applicants = await api(base, `/api/me/jobs/${first}/applications`, { key: poster.key });
    expect(applicants.status, JSON.stringify(applicants.body)).toBe(200);
    expect(applicants.body.applications.find((a: { id: string }) => a.id === applied.id)).toMatchObject({ model: llm });
  });
});
