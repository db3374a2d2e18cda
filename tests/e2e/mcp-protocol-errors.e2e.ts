import { request as httpRequest } from 'node:http';

import { createMember, mcpAccessToken, type TestMember } from '@marketplace/testing';
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { ISSUE_DUMP, type JunkCase, junkCases, LEGACY_METHODS, MODERN_METHODS } from './support/mcp-junk.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

type Revision = '2025-06-18' | '2025-11-25' | '2026-07-28';

interface Answer {
  status: number;
  contentType: string;
  sessionId: string | null;
  body: { id?: unknown; result?: any; error?: { code: number; message: string } };
}

/** The JSON-RPC message of an answer, whether sent as JSON or as one event of a stream. */
function messageOf(text: string): Answer['body'] {
  const json = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice('data: '.length);
  return json ? JSON.parse(json) : {};
}

const TASKS = 'io.modelcontextprotocol/tasks';
const ENVELOPE = {
  [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  [CLIENT_INFO_META_KEY]: { name: 'junk-agent', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: { extensions: { [TASKS]: {} } },
};
/** The params field each 2026-07-28 method mirrors in its Mcp-Name header, as a client sends it. */
const NAME_HEADER: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/cancel': 'taskId',
  'tasks/update': 'taskId',
};

/**
 * One request on the wire as a client of that revision sends it: on 2026-07-28 the params carry
 * the _meta envelope (when they are an object at all) and the standard headers name the method.
 */
async function send(revision: Revision, method: string, params: unknown, opts: { token?: string; sessionId?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': revision,
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...(opts.sessionId ? { 'mcp-session-id': opts.sessionId } : {}),
  };
  let sent = params;
  if (revision === '2026-07-28') {
    headers['mcp-method'] = method;
    if (typeof params === 'object' && params !== null && !Array.isArray(params)) {
      const named = (params as Record<string, unknown>)[NAME_HEADER[method] ?? ''];
      if (typeof named === 'string') headers['mcp-name'] = named;
      sent = { ...params, _meta: ENVELOPE };
    }
  }
  const res = await fetch(`${base}/api/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 41, method, params: sent }) });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', sessionId: res.headers.get('mcp-session-id'), body: messageOf(text) };
}

/** A 2025-11-25 session, opened as a client that can ask its human opens one, signed in. */
async function openSession(token: string): Promise<string> {
  const opened = await send(
    '2025-11-25',
    'initialize',
    {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: { form: {} } },
      clientInfo: { name: 'session-agent', version: '1.0.0' },
    },
    { token },
  );
  expect(opened.sessionId, JSON.stringify(opened.body)).toMatch(/^[0-9a-f-]{36}$/);
  const initialized = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      authorization: `Bearer ${token}`,
      'mcp-session-id': opened.sessionId!,
    },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  expect(initialized.status).toBe(202);
  return opened.sessionId!;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What every malformed request must be answered: -32602 naming the field, in a sentence. */
function expectNamed(answer: Answer, junk: JunkCase, alsoNames: string[] = []): void {
  const label = `${junk.label} → ${answer.status} ${JSON.stringify(answer.body)}`;
  expect(answer.status, label).toBeLessThan(500);
  expect(answer.body.error?.code, label).toBe(-32602);
  const names = [junk.field, ...alsoNames].map(escape).join('|');
  expect(answer.body.error!.message, label).toMatch(new RegExp(`(^|[^A-Za-z_])(${names})([^A-Za-z_]|$)`));
  expect(answer.body.error!.message, label).not.toMatch(ISSUE_DUMP);
}

/**
 * Protocol errors on /api/mcp, as MCP clients meet them: params that do not fit a method are
 * JSON-RPC -32602 naming the field on every revision, in sessions and without; a body that is not
 * JSON is -32700; a session ends however its client sends the DELETE (the Python SDK's way
 * included); and completion lists a member's ids only to a token that may read them.
 */
describe('MCP protocol errors', () => {
  let member: TestMember;
  let token: string;

  beforeAll(async () => {
    member = await createMember(nats);
    token = await mcpAccessToken(base, mailDir, member);
  });

  describe('generated junk params on every method', () => {
    for (const revision of ['2025-06-18', '2025-11-25'] as const) {
      it(`${revision}, stateless: -32602 naming the field, never -32603 or a schema dump`, async () => {
        const cases = junkCases(LEGACY_METHODS);
        expect(cases.length).toBeGreaterThan(100);
        for (const junk of cases) {
          const answer = await send(revision, junk.method, junk.params, { token });
          expect(answer.status, junk.label).toBe(200);
          expectNamed(answer, junk);
        }
      });
    }

    it("2025-11-25, in a session: -32602 naming the field, on the session's own stream", async () => {
      const sessionId = await openSession(token);
      for (const junk of junkCases(LEGACY_METHODS)) {
        const answer = await send('2025-11-25', junk.method, junk.params, { token, sessionId });
        expect(answer.contentType, junk.label).toMatch(/text\/event-stream/);
        expectNamed(answer, junk);
      }
      // The session is still there and answers as before.
      expect((await send('2025-11-25', 'tools/list', {}, { token, sessionId })).body.result?.tools.length).toBeGreaterThan(0);
    });

    it('2026-07-28: -32602 naming the field; params that are no object cannot carry the envelope, which is named', async () => {
      for (const junk of junkCases(MODERN_METHODS)) {
        const answer = await send('2026-07-28', junk.method, junk.params, { token });
        // In-band (200) for the params; 400 from the SDK's envelope rung when there is no envelope to read.
        expect(answer.status, junk.label).toBe(junk.field === 'params' ? 400 : 200);
        expectNamed(answer, junk, junk.field === 'params' ? ['_meta'] : []);
      }
    });

    it('the reported cases: completion/complete and prompts/get with {"ref": 1}, on each revision', async () => {
      for (const revision of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
        const complete = await send(revision, 'completion/complete', { ref: 1 }, { token });
        expect(complete.body.error, revision).toEqual({ code: -32602, message: expect.stringMatching(/params\.ref: .*params\.argument: /) });
        const prompt = await send(revision, 'prompts/get', { ref: 1 }, { token });
        expect(prompt.body.error, revision).toEqual({ code: -32602, message: expect.stringMatching(/^Invalid params for prompts\/get: params\.name: /) });
      }
    });

    it('well-formed requests are still answered on each revision', async () => {
      for (const revision of ['2025-06-18', '2026-07-28'] as const) {
        const complete = await send(revision, 'completion/complete', LEGACY_METHODS['completion/complete']!.valid, { token });
        expect(complete.body.result?.completion.values, revision).toEqual(['writing']);
        const read = await send(revision, 'resources/read', LEGACY_METHODS['resources/read']!.valid, { token });
        expect(read.body.result?.contents, revision).toHaveLength(1);
      }
    });
  });

  describe("completion under the token's scope", () => {
    let jobId: string;
    let writeOnly: string;

    beforeAll(async () => {
      const posted = await send(
        '2025-06-18',
        'tools/call',
        {
          name: 'post_job',
          arguments: { title: 'Completion scope job', category: 'writing', constraints: 'Write a page.' },
        },
        { token },
      );
      jobId = posted.body.result.structuredContent.result.id;
      writeOnly = await mcpAccessToken(base, mailDir, member, { scope: 'agent:write' });
    });

    const jobIds = { ref: { type: 'ref/prompt', name: 'review_turned_in_work' }, argument: { name: 'job_id', value: '' } };
    const jobResource = { ref: { type: 'ref/resource', uri: 'marketplace://jobs/{id}' }, argument: { name: 'id', value: '' } };
    const categories = { ref: { type: 'ref/prompt', name: 'post_a_job' }, argument: { name: 'category', value: 'wri' } };
    const valuesOf = async (revision: Revision, params: unknown, t: string) =>
      (await send(revision, 'completion/complete', params, { token: t })).body.result?.completion.values;

    for (const revision of ['2025-06-18', '2026-07-28'] as const) {
      it(`${revision}: the member's job ids for a token with agent:read, none without; categories for both`, async () => {
        expect(await valuesOf(revision, jobIds, token)).toContain(jobId);
        expect(await valuesOf(revision, jobResource, token)).toContain(jobId);
        expect(await valuesOf(revision, jobIds, writeOnly)).toEqual([]);
        expect(await valuesOf(revision, jobResource, writeOnly)).toEqual([]);
        expect(await valuesOf(revision, categories, writeOnly)).toEqual(['writing']);
        // The token really is without agent:read: the tool that lists the ids is refused it.
        const listed = await fetch(`${base}/api/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
            authorization: `Bearer ${writeOnly}`,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_my_jobs', arguments: {} } }),
        });
        expect(listed.status).toBe(403);
      });
    }
  });

  describe('bodies that are not JSON', () => {
    it('a POST whose body is not JSON is HTTP 400 with JSON-RPC -32700, signed in or not', async () => {
      for (const body of ['{"jsonrpc": "2.0", "id": 1, "method": ', 'jsonrpc=2.0', '']) {
        for (const authorization of [`Bearer ${token}`, undefined]) {
          const res = await fetch(`${base}/api/mcp`, {
            method: 'POST',
            body,
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'mcp-protocol-version': '2025-11-25',
              ...(authorization ? { authorization } : {}),
            },
          });
          expect(res.status, body).toBe(400);
          expect(res.headers.get('content-type')).toMatch(/^application\/json/);
          expect(await res.json(), body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
        }
      }
    });
  });

  describe('ending a session', () => {
    const sessionHeaders = (sessionId: string) => ({
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      authorization: `Bearer ${token}`,
      'mcp-session-id': sessionId,
    });
    const stillThere = async (sessionId: string) => (await send('2025-11-25', 'tools/list', {}, { token, sessionId })).status;

    it('a DELETE sent as the Python SDK sends it (Content-Type: application/json, no body) ends the session', async () => {
      const sessionId = await openSession(token);
      expect(await stillThere(sessionId)).toBe(200);
      const res = await fetch(`${base}/api/mcp`, { method: 'DELETE', headers: { ...sessionHeaders(sessionId), 'content-type': 'application/json' } });
      expect([200, 204], await res.text()).toContain(res.status);
      expect(await stillThere(sessionId)).toBe(404);
    });

    it('so does one with an explicit Content-Length: 0', async () => {
      const sessionId = await openSession(token);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${base}/api/mcp`,
          {
            method: 'DELETE',
            headers: { ...sessionHeaders(sessionId), 'content-type': 'application/json', 'content-length': '0' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect([200, 204]).toContain(status);
      expect(await stillThere(sessionId)).toBe(404);
    });

    it('an empty Mcp-Session-Id on DELETE is a JSON-RPC 400, never a 500', async () => {
      for (const contentType of [undefined, 'application/json']) {
        const res = await fetch(`${base}/api/mcp`, {
          method: 'DELETE',
          headers: { ...sessionHeaders(''), ...(contentType ? { 'content-type': contentType } : {}) },
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/Mcp-Session-Id/) } });
      }
    });

    for (const contentType of [undefined, 'application/json']) {
      it(`the official TypeScript SDK client ends its session with terminateSession()${contentType ? ', sending Content-Type on every request' : ''}`, async () => {
        const client = new Client({ name: 'ending-agent', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
        const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) } },
        });
        await client.connect(transport);
        const sessionId = transport.sessionId!;
        expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
        expect((await client.listTools()).tools.length).toBeGreaterThan(0);
        await transport.terminateSession();
        expect(transport.sessionId).toBeUndefined();
        await client.close();
        expect(await stillThere(sessionId)).toBe(404);
      });
    }
  });
});
