import type { Operation } from '@marketplace/contracts';
import type { BusClient, Logger } from '@marketplace/service-kit/edge';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerCrossCutting } from '../http/cross-cutting.js';
import type { AuthorizationServer } from '../oauth/authorization-server.js';
import { registerMcpEndpoint } from './mcp-endpoint.js';

/**
 * /api/mcp's protocol errors, in process and before sign-in: params that do not fit their method
 * are -32602 naming the field on every revision (the Server answers what the endpoint screened),
 * a body that is not JSON is -32700, and a DELETE ends its session whatever Content-Type it says.
 */
const issuer = 'http://127.0.0.1:4100';
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined } as unknown as Logger;
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'spec', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerCrossCutting(app, quiet);
  // Sessions opened before sign-in are counted by identity: this one always admits.
  const bus = {
    call: async (op: Operation) => (op.name === 'admitMcpSession' ? {} : Promise.reject(new Error(`unexpected ${op.name}`))),
  } as unknown as BusClient;
  const oauth = { issuer, resource: `${issuer}/api/mcp`, load: async () => ({ stateKey: new Uint8Array(32).fill(7) }) } as unknown as AuthorizationServer;
  registerMcpEndpoint(app, { bus, oauth } as never);
  await app.ready();
});

afterAll(async () => app.close());

const HEADERS = { host: '127.0.0.1:4100', accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

/** One message on a revision; `sessionId` sends it in that 2025-era session. */
async function send(version: string, method: string, params: unknown, sessionId?: string) {
  const modern = version === '2026-07-28';
  const headers: Record<string, string> = { ...HEADERS, 'mcp-protocol-version': version, ...(sessionId ? { 'mcp-session-id': sessionId } : {}) };
  let sent = params;
  if (modern) {
    headers['mcp-method'] = method;
    if (typeof params === 'object' && params !== null && !Array.isArray(params)) {
      sent = { ...params, _meta: ENVELOPE };
      const name = (params as { name?: unknown; uri?: unknown }).name ?? (params as { uri?: unknown }).uri;
      if (typeof name === 'string') headers['mcp-name'] = name;
    }
  }
  const res = await app.inject({ method: 'POST', url: '/api/mcp', headers, payload: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params: sent }) });
  const json = res.body.startsWith('{')
    ? res.body
    : (res.body
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice('data: '.length) ?? '{}');
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(json) as { error?: { code: number; message: string }; result?: unknown } };
}

async function openSession(): Promise<string> {
  const res = await send('2025-11-25', 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: { elicitation: { form: {} } },
    clientInfo: { name: 'spec', version: '1' },
  });
  const sessionId = res.headers['mcp-session-id'];
  if (typeof sessionId !== 'string') throw new Error('no session opened');
  return sessionId;
}

/** Params that do not fit, and the field each answer must name. */
const JUNK: Array<[method: string, params: unknown, field: RegExp]> = [
  ['completion/complete', { ref: 1 }, /params\.ref/],
  ['completion/complete', { ref: { type: 'ref/prompt', name: 'post_a_job' }, argument: { name: 'category', value: 5 } }, /params\.argument\.value/],
  ['prompts/get', { ref: 1 }, /params\.name/],
  ['prompts/get', { name: 'rate', arguments: ['x'] }, /params\.arguments/],
  ['resources/read', { uri: 5 }, /params\.uri/],
  ['resources/list', { cursor: {} }, /params\.cursor/],
  ['tools/list', { cursor: [1] }, /params\.cursor/],
  ['tools/call', { name: 5 }, /params\.name/],
  // A member tool, sent without sign-in: what is malformed is said before any challenge.
  ['tools/call', { name: 'list_my_jobs', arguments: 5 }, /params\.arguments/],
];

describe('/api/mcp params that do not fit their method', () => {
  for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) {
    it(`are -32602 naming the field on ${version}, never -32603 or a schema dump`, async () => {
      for (const [method, params, field] of JUNK) {
        const { status, body } = await send(version, method, params);
        expect(status, `${method} ${JSON.stringify(params)}`).toBe(200);
        expect(body.error, `${method} ${JSON.stringify(params)}`).toEqual({ code: -32602, message: expect.stringMatching(field) });
        expect(body.error!.message).not.toMatch(/invalid_type|"code"|\n/);
      }
    });
  }

  it('are -32602 on the 2025-era methods 2026-07-28 does not have, and for params that are no object', async () => {
    expect((await send('2025-11-25', 'initialize', { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'x', version: '1' } })).body.error).toEqual({
      code: -32602,
      message: expect.stringMatching(/params\.protocolVersion/),
    });
    expect((await send('2025-11-25', 'ping', [1])).body.error).toEqual({ code: -32602, message: expect.stringMatching(/^params must be an object/) });
    // On 2026-07-28 params that are no object cannot carry the envelope: the SDK says that, as -32602.
    const modern = await send('2026-07-28', 'tools/list', 'x');
    expect(modern.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/_meta/) });
  });

  it('are -32602 in a 2025-era session, and a malformed initialize opens none', async () => {
    const sessionId = await openSession();
    const inSession = await send('2025-11-25', 'completion/complete', { ref: 1 }, sessionId);
    expect(inSession.headers['content-type']).toMatch(/text\/event-stream/);
    expect(inSession.body.error).toEqual({ code: -32602, message: expect.stringMatching(/params\.ref/) });
    const malformed = await send('2025-11-25', 'initialize', {
      protocolVersion: 5,
      capabilities: { elicitation: {} },
      clientInfo: { name: 'x', version: '1' },
    });
    expect(malformed.headers['mcp-session-id']).toBeUndefined();
    expect(malformed.body.error).toEqual({ code: -32602, message: expect.stringMatching(/params\.protocolVersion/) });
  });

  it('keep the refusals that come first: a method the revision lacks, an unknown session', async () => {
    expect((await send('2025-11-25', 'tasks/get', { taskId: 5 })).body.error).toMatchObject({ code: -32601 });
    const unknown = await send('2025-11-25', 'prompts/get', { ref: 1 }, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });
});

describe('/api/mcp bodies and session ends', () => {
  it('answers a body that is not JSON with HTTP 400 and JSON-RPC -32700', async () => {
    for (const payload of ['{"jsonrpc": "2.0", "id": 1,', 'not json', '']) {
      const res = await app.inject({ method: 'POST', url: '/api/mcp', headers: { ...HEADERS, 'mcp-protocol-version': '2025-11-25' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
    }
  });

  it('ends a session on a DELETE sent with Content-Type: application/json and no body', async () => {
    const sessionId = await openSession();
    const ended = await app.inject({
      method: 'DELETE',
      url: '/api/mcp',
      headers: { ...HEADERS, 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': sessionId },
    });
    expect(ended.statusCode).toBe(200);
    expect((await send('2025-11-25', 'tools/list', {}, sessionId)).status).toBe(404);
  });

  it('answers a DELETE with an empty Mcp-Session-Id with a JSON-RPC 400, not a 500', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/mcp', headers: { ...HEADERS, 'mcp-session-id': '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/Mcp-Session-Id/) } });
  });
});
