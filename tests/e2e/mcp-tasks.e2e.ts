import { randomUUID } from 'node:crypto';

import { api, createMembers, mcpAccessToken, type TestMember, until } from '@marketplace/testing';
import {
  Client,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';

import { mcpToken } from './support/mcp-token.js';
import { completeOne, newDraft, recordLink } from './support/recordings.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const TASKS = 'io.modelcontextprotocol/tasks';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** What tasks/get answers (the extension's DetailedTask); the SDK client checks the shape. */
const detailedTask = z.looseObject({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'cancelled', 'failed']),
  statusMessage: z.string().optional(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  ttlMs: z.number().int().nullable(),
  pollIntervalMs: z.number().int().optional(),
  result: z.looseObject({ content: z.array(z.unknown()), structuredContent: z.any().optional(), isError: z.boolean().optional() }).optional(),
});
const ack = z.looseObject({});

/**
 * Writing a draft's posting as a task (the tasks extension of MCP 2026-07-28): a real SDK client
 * that declares the extension gets a task handle from write_job_description and polls tasks/get
 * until the posting is written, its result inlined; the task is the draft's own writing record,
 * read as the caller. A client without the extension, or of the older revision, is answered as
 * before.
 */
describe('long work as MCP tasks', () => {
  let poster: TestMember;
  let other: TestMember;
  let posterToken: string;
  let otherToken: string;

  beforeAll(async () => {
    [poster, other] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    [posterToken, otherToken] = await Promise.all([mcpToken(poster), mcpToken(other)]);
  });

  async function client(token: string, tasks: boolean): Promise<Client> {
    const c = new Client(
      { name: tasks ? 'task-agent' : 'plain-agent', version: '2.0.0' },
      {
        capabilities: tasks ? { extensions: { [TASKS]: {} } } : {},
        versionNegotiation: { mode: { pin: '2026-07-28' } },
      },
    );
    await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    return c;
  }

  /**
   * One 2026-07-28 request on the wire, as a client that declares the extension sends it. The SDK
   * client has no task vocabulary yet (it refuses a `resultType: "task"` answer), so the call
   * that starts a task is sent this way; everything after it goes through the SDK client.
   */
  async function rpc(token: string, method: string, params: Record<string, unknown>, tasks = true): Promise<{ result?: any; error?: any }> {
    const name = (params.name ?? params.taskId) as string | undefined;
    const res = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(name ? { 'mcp-name': name } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
            [CLIENT_INFO_META_KEY]: { name: 'wire-agent', version: '1.0.0' },
            [CLIENT_CAPABILITIES_META_KEY]: tasks ? { extensions: { [TASKS]: {} } } : {},
          },
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(500);
    return res.json() as Promise<{ result?: any; error?: any }>;
  }

  async function writtenDraft(member: TestMember): Promise<string> {
    const started = await api(base, '/api/me/job-drafts', {
      key: member.key,
      method: 'POST',
      body: { answers: { problem: 'Our nightly CSV export times out.', context: 'A five person shop on a small Postgres database.' } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return started.body.id;
  }

  /** An acknowledgement's fields besides `_meta` (where the server names itself): no task envelope. */
  const fieldsOf = (result: object) => Object.keys(result).filter((k) => k !== '_meta');
  const codeOf = async (p: Promise<unknown>) =>
    p.then(
      () => 'answered',
      (err: { code?: number; data?: unknown }) => err,
    );

  it('advertises the extension in server/discover and marks the task tools in tools/list', async () => {
    const c = await client(posterToken, true);
    expect(c.getServerCapabilities()?.extensions?.[TASKS]).toEqual({});
    const { tools } = await c.listTools();
    const marked = tools.filter((t) => t._meta?.['marketplace/taskSupport']).map((t) => t.name);
    expect(marked).toEqual(['get_job_recording', 'write_job_description']);
    expect(tools.find((t) => t.name === 'write_job_description')?._meta).toMatchObject({ 'marketplace/taskSupport': 'optional' });
    const recording = tools.find((t) => t.name === 'get_job_recording')!;
    expect(recording._meta).toMatchObject({ 'marketplace/taskSupport': 'optional' });
    expect(recording.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    // The recording as get_job_draft shows it, or null: the REST answer's schema, written compactly.
    const result = (recording.outputSchema as { properties: { result: { type: string[]; properties: object } } }).properties.result;
    expect(result.type).toEqual(['object', 'null']);
    expect(Object.keys(result.properties)).toEqual(expect.arrayContaining(['id', 'status', 'findings', 'moments', 'analyzed']));
    await c.close();
  });

  it('writes a draft as a task: a handle at once, progress while it runs, the result inlined once written', async () => {
    const draftId = await writtenDraft(poster);
    const conversationId = randomUUID();
    const created = await rpc(posterToken, 'tools/call', { name: 'write_job_description', arguments: { draft_id: draftId, conversation_id: conversationId } });
    expect(created.error).toBeUndefined();
    const task = created.result;
    expect(task).toMatchObject({ resultType: 'task', status: 'working', ttlMs: null, pollIntervalMs: 2000 });
    expect(task.taskId).toEqual(expect.any(String));
    expect(task.createdAt).toMatch(ISO);
    expect(task.lastUpdatedAt).toMatch(ISO);
    expect(task.statusMessage).toMatch(/posting/);
    for (const field of ['task', 'result', 'error', 'structuredContent', 'requestState', 'ttl', 'pollInterval']) expect(task).not.toHaveProperty(field);

    // The draft says the same: the task is its writing record (and polling get_job_draft still works).
    const draft = await api(base, `/api/me/job-drafts/${draftId}`, { key: poster.key });
    expect(draft.body.tasks.writing.startedAt).toBe(task.createdAt);
    expect(['pending', 'ready']).toContain(draft.body.tasks.writing.status);

    const c = await client(posterToken, true);
    // Durable before it was answered: the first tasks/get resolves.
    const first = await c.request({ method: 'tasks/get', params: { taskId: task.taskId } }, detailedTask);
    expect(first).toMatchObject({ taskId: task.taskId, createdAt: task.createdAt });
    if (first.status === 'working') expect(first.result).toBeUndefined();
    const done = await until(
      async () => {
        const t = await c.request({ method: 'tasks/get', params: { taskId: task.taskId } }, detailedTask);
        return t.status === 'working' ? undefined : t;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'the writing task to finish' },
    );
    expect(done).toMatchObject({ status: 'completed', taskId: task.taskId, ttlMs: null });
    expect(done.statusMessage).toMatch(/approve_draft_part/);
    expect(done.result?.isError).toBeFalsy();
    const written = done.result!.structuredContent as { result: any; conversationId: string };
    // The result is write_job_description's, as it would have answered once written: same schema, same conversation.
    expect(written.conversationId).toBe(conversationId);
    expect(written.result).toMatchObject({ id: draftId, tasks: { writing: { status: 'ready' } } });
    expect(written.result.posting.title).toEqual(expect.any(String));
    expect((done.result!.content as Array<{ text: string }>)[1]!.text).toBe(`conversation_id: ${conversationId}`);
    const polled = await api(base, `/api/me/job-drafts/${draftId}`, { key: poster.key });
    expect(polled.body.posting.title).toBe(written.result.posting.title);

    // Cancelling a finished task is acknowledged (again and again), and changes nothing.
    for (let i = 0; i < 2; i++) expect(fieldsOf(await c.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, ack))).toEqual([]);
    expect((await c.request({ method: 'tasks/get', params: { taskId: task.taskId } }, detailedTask)).status).toBe('completed');
    // Responses for input the task never asked for are ignored.
    const updated = (await rpc(posterToken, 'tasks/update', { taskId: task.taskId, inputResponses: { nothing: { action: 'accept' } } })).result;
    expect(updated.resultType).toBe('complete');
    expect(fieldsOf(updated)).toEqual(['resultType']);

    // A later writing of the same draft is another task; the first one reads as replaced.
    const again = await rpc(posterToken, 'tools/call', { name: 'write_job_description', arguments: { draft_id: draftId } });
    expect(again.result).toMatchObject({ resultType: 'task', status: 'working' });
    expect(again.result.taskId).not.toBe(task.taskId);
    const replaced = await c.request({ method: 'tasks/get', params: { taskId: task.taskId } }, detailedTask);
    expect(replaced).toMatchObject({ status: 'cancelled' });
    expect(replaced.result).toBeUndefined();
    expect(replaced.statusMessage).toMatch(/later write_job_description/);
    await c.close();
  });

  it('answers a tool error at once, not as a task', async () => {
    const started = await api(base, '/api/me/job-drafts', {
      key: poster.key,
      method: 'POST',
      body: { answers: { context: 'Only the context so far: the problem is missing.' } },
    });
    const refused = await rpc(posterToken, 'tools/call', { name: 'write_job_description', arguments: { draft_id: started.body.id } });
    expect(refused.result).toMatchObject({ resultType: 'complete', isError: true });
    expect(refused.result.taskId).toBeUndefined();
  });

  it("keeps today's answers for clients without the extension", async () => {
    const draftId = await writtenDraft(poster);
    // The tool answers at once, with the draft whose writing is pending; get_job_draft is polled.
    const plain = await client(posterToken, false);
    const sync = await plain.callTool({ name: 'write_job_description', arguments: { draft_id: draftId } });
    expect(sync.isError).toBeFalsy();
    expect((sync.structuredContent as { result: any }).result.tasks.writing.status).toBe('pending');
    const written = await until(
      async () => {
        const r = await plain.callTool({ name: 'get_job_draft', arguments: { draft_id: draftId } });
        const d = (r.structuredContent as { result: any }).result;
        return d.tasks.writing.status === 'ready' ? d : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'the posting to be written' },
    );
    expect(written.posting.title).toEqual(expect.any(String));

    // tasks/* without the extension: -32021, naming the extension to declare.
    const created = await rpc(posterToken, 'tools/call', { name: 'write_job_description', arguments: { draft_id: draftId } });
    for (const method of ['tasks/get', 'tasks/cancel']) {
      const refused = await codeOf(plain.request({ method, params: { taskId: created.result.taskId } }, ack));
      expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } });
    }
    expect((await rpc(posterToken, 'tasks/update', { taskId: created.result.taskId, inputResponses: {} }, false)).error).toMatchObject({ code: -32021 });
    // The older task methods are not part of the extension.
    for (const method of ['tasks/list', 'tasks/result']) {
      expect((await rpc(posterToken, method, method === 'tasks/list' ? {} : { taskId: created.result.taskId })).error).toMatchObject({ code: -32601 });
    }
    await plain.close();

    // A 2025-11-25 client: no extension offered, tasks/get unknown, the tool answers at once.
    const legacy = new LegacyClient({ name: 'legacy-agent', version: '1.0.0' });
    await legacy.connect(new LegacyTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${posterToken}` } } }));
    expect((legacy.getServerCapabilities() as { extensions?: unknown }).extensions).toBeUndefined();
    const legacyCall = await legacy.callTool({ name: 'get_job_draft', arguments: { draft_id: draftId } });
    expect(legacyCall.isError).toBeFalsy();
    const legacyList = await legacy.listTools();
    expect(legacyList.tools.find((t) => t.name === 'write_job_description')).not.toHaveProperty('execution');
    await legacy.close();
  });

  it("answers an unknown task, or another member's, as unknown (-32602)", async () => {
    const draftId = await writtenDraft(poster);
    const created = await rpc(posterToken, 'tools/call', { name: 'write_job_description', arguments: { draft_id: draftId } });
    const { taskId } = created.result as { taskId: string };

    const mine = await client(posterToken, true);
    for (const bogus of [
      'no-such-task',
      Buffer.from(JSON.stringify({ k: 'writing', d: randomUUID(), s: new Date().toISOString(), c: 'x' })).toString('base64url'),
    ]) {
      expect(await codeOf(mine.request({ method: 'tasks/get', params: { taskId: bogus } }, detailedTask))).toMatchObject({ code: -32602 });
      expect(await codeOf(mine.request({ method: 'tasks/cancel', params: { taskId: bogus } }, ack))).toMatchObject({ code: -32602 });
    }
    await mine.close();

    // The owning service decides: another member's agent cannot read, cancel or update the task.
    const theirs = await client(otherToken, true);
    const read = await codeOf(theirs.request({ method: 'tasks/get', params: { taskId } }, detailedTask));
    expect(read).toMatchObject({ code: -32602 });
    expect(JSON.stringify(read)).not.toContain('posting');
    expect(await codeOf(theirs.request({ method: 'tasks/cancel', params: { taskId } }, ack))).toMatchObject({ code: -32602 });
    expect((await rpc(otherToken, 'tasks/update', { taskId, inputResponses: {} })).error).toMatchObject({ code: -32602 });
    await theirs.close();

    // The task answers write_job_description's result: the poster's read-only connection cannot read it.
    const readOnly = await mcpAccessToken(base, inject('mailDir'), poster, { scope: 'agent:read' });
    const scoped = (await rpc(readOnly, 'tasks/get', { taskId })).error;
    expect(scoped).toMatchObject({ code: -32602 });
    expect(scoped.message).toMatch(/agent:write/);

    // A discarded draft's task is gone with it.
    expect((await api(base, `/api/me/job-drafts/${draftId}`, { key: poster.key, method: 'DELETE' })).status).toBe(200);
    expect((await rpc(posterToken, 'tasks/get', { taskId })).error).toMatchObject({ code: -32602 });
  });

  /** A real recording completed with the link, as the record page does: its check starts now. */
  async function completeRecording(token: string): Promise<{ id: string; body: any }> {
    const { id, completed } = await completeOne(token);
    expect(completed.status).toBe('analyzing');
    return { id, body: completed };
  }

  it("reads a draft's recording on REST: null without one, 404 for a draft that is not yours", async () => {
    const draftId = await newDraft(poster);
    const none = await api(base, `/api/me/job-drafts/${draftId}/recording`, { key: poster.key });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toBeNull();
    expect((await api(base, `/api/me/job-drafts/${draftId}/recording`, { key: other.key })).status).toBe(404);
    expect((await api(base, `/api/me/job-drafts/${randomUUID()}/recording`, { key: poster.key })).status).toBe(404);
    expect((await api(base, `/api/me/job-drafts/${draftId}/recording`)).status).toBe(401);
    // Without the extension the tool answers at once, as REST does.
    const plain = await client(posterToken, false);
    const read = await plain.callTool({ name: 'get_job_recording', arguments: { draft_id: draftId } });
    expect(read.isError).toBeFalsy();
    expect((read.structuredContent as { result: unknown }).result).toBeNull();
    const theirs = await plain.callTool({ name: 'get_job_recording', arguments: { draft_id: await newDraft(other) } });
    expect(theirs.isError).toBe(true);
    expect((theirs.content as Array<{ text: string }>)[0]!.text).toMatch(/"status":404/);
    await plain.close();
  });

  it("follows a recording's check as a task: working while analyzing, the recording once checked, cancelled when a newer one replaced it", async () => {
    const draftId = await newDraft(poster);
    const { token } = await recordLink(poster, draftId);
    const conversationId = randomUUID();
    const first = await completeRecording(token);

    // Called while the check runs, by a client that declared the extension: a task, not the recording.
    const created = await rpc(posterToken, 'tools/call', { name: 'get_job_recording', arguments: { draft_id: draftId, conversation_id: conversationId } });
    expect(created.error).toBeUndefined();
    const task = created.result;
    expect(task, 'the check finished before the tool was called').toMatchObject({ resultType: 'task', status: 'working', ttlMs: null, pollIntervalMs: 2000 });
    expect(task.statusMessage).toMatch(/^Checking the 5-second recording/);
    expect(task.createdAt).toBe(first.body.updatedAt);
    expect(task).not.toHaveProperty('structuredContent');
    // The id names the draft, the recording and the check's start; never the record link's token.
    const ref = JSON.parse(Buffer.from(task.taskId, 'base64url').toString('utf8'));
    expect(ref).toEqual({ k: 'recording', d: draftId, r: first.id, s: first.body.updatedAt, c: conversationId });
    expect(Buffer.from(task.taskId, 'base64url').toString('utf8')).not.toContain(token);

    const c = await client(posterToken, true);
    const done = await until(
      async () => {
        const t = await c.request({ method: 'tasks/get', params: { taskId: task.taskId } }, detailedTask);
        if (t.status === 'working') {
          expect(t.result).toBeUndefined();
          expect(t.statusMessage).toMatch(/^Checking/);
          return undefined;
        }
        return t;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: 'the recording check task to finish' },
    );
    expect(done).toMatchObject({ status: 'completed', taskId: task.taskId, createdAt: first.body.updatedAt });
    expect(done.result?.isError).toBeFalsy();
    const checked = done.result!.structuredContent as { result: any; conversationId: string };
    // get_job_recording's own result, as it answers now the check is done, in the same conversation.
    expect(checked.conversationId).toBe(conversationId);
    expect(checked.result).toMatchObject({ id: first.id, status: expect.stringMatching(/^(approved|needs_review)$/) });
    expect(done.lastUpdatedAt).toBe(checked.result.updatedAt);
    const rest = await api(base, `/api/me/job-drafts/${draftId}/recording`, { key: poster.key });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(checked.result);
    const draft = await api(base, `/api/me/job-drafts/${draftId}`, { key: poster.key });
    expect(draft.body.recording).toEqual(rest.body);
    // Checked: the tool answers the recording at once, even to a client with the extension.
    const now = await rpc(posterToken, 'tools/call', { name: 'get_job_recording', arguments: { draft_id: draftId } });
    expect(now.result).toMatchObject({ resultType: 'complete', structuredContent: { result: { id: first.id, status: checked.result.status } } });

    // Another member's agent, or a forged id for the poster's draft and a recording that is not its, is answered as unknown.
    const theirs = await client(otherToken, true);
    expect(await codeOf(theirs.request({ method: 'tasks/get', params: { taskId: task.taskId } }, detailedTask))).toMatchObject({ code: -32602 });
    expect(await codeOf(theirs.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, ack))).toMatchObject({ code: -32602 });
    await theirs.close();
    const noToken = Buffer.from(JSON.stringify({ ...ref, t: token })).toString('base64url');
    expect(await codeOf(c.request({ method: 'tasks/get', params: { taskId: noToken } }, detailedTask))).toMatchObject({ code: -32602 });

    // A newer recording replaces the draft's: the first check's task reads as cancelled.
    const second = await completeRecording(token);
    const replaced = await c.request({ method: 'tasks/get', params: { taskId: task.taskId } }, detailedTask);
    expect(replaced).toMatchObject({ status: 'cancelled' });
    expect(replaced.result).toBeUndefined();
    expect(replaced.statusMessage).toMatch(/newer recording/);
    const next = await rpc(posterToken, 'tools/call', { name: 'get_job_recording', arguments: { draft_id: draftId } });
    if (next.result.resultType === 'task') expect(JSON.parse(Buffer.from(next.result.taskId, 'base64url').toString('utf8')).r).toBe(second.id);
    await until(
      async () => ((await api(base, `/api/me/job-drafts/${draftId}/recording`, { key: poster.key })).body.status === 'analyzing' ? undefined : true),
      { timeoutMs: 120_000, intervalMs: 250, what: 'the second check' },
    );
    await c.close();
  }, 300_000);
});
