import { createMember } from '@marketplace/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';
import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

/** Low enough to reach in a test: three live unclaimed sessions per address, four opened a minute, six in all. */
const GATEWAY_ENV = { MCP_SESSIONS_MAX: '6', MCP_UNCLAIMED_SESSIONS_PER_ADDRESS: '3' };
const IDENTITY_ENV = { MCP_SESSIONS_PER_MINUTE: '4' };

/** A fresh documentation address (the tests' gateway trusts one proxy hop, so X-Forwarded-For names the client). */
let next = 1;
const address = () => `203.0.113.${next++}`;

const headers = (from: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'x-forwarded-for': from,
  'mcp-protocol-version': '2025-11-25',
  ...extra,
});

/**
 * An `initialize` declaring elicitation, before sign-in, as a 2025-11-25 client sends it: the
 * session id it was given (undefined when it was served without one) and the server it names.
 */
async function initialize(from: string): Promise<{ status: number; sessionId: string | undefined; serverName: string | undefined }> {
  const res = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: headers(from),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } }, clientInfo: { name: 'flood', version: '1.0.0' } },
    }),
  });
  const text = await res.text();
  const json = text.startsWith('{')
    ? text
    : (text
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice('data: '.length) ?? '{}');
  return { status: res.status, sessionId: res.headers.get('mcp-session-id') ?? undefined, serverName: JSON.parse(json).result?.serverInfo?.name };
}

/** A request in a session: tools/list, signed in when given a token. */
async function inSession(sessionId: string, from: string, token?: string): Promise<number> {
  const res = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: headers(from, { 'mcp-session-id': sessionId, ...(token ? { authorization: `Bearer ${token}` } : {}) }),
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
  });
  await res.text();
  return res.status;
}

async function end(sessionId: string, from: string): Promise<number> {
  const { 'content-type': _json, ...noBody } = headers(from, { 'mcp-session-id': sessionId });
  const res = await fetch(`${base}/api/mcp`, { method: 'DELETE', headers: noBody });
  await res.text();
  return res.status;
}

const minuteOf = () => Math.floor(Date.now() / 60_000);

/**
 * MCP sessions opened before sign-in, per client address: a few live at once and a few a minute
 * (identity's counter). Past either an initialize is still answered, without a session, so a
 * flood from one address cannot push members' idle sessions out of the gateway's memory.
 */
describe('MCP sessions opened before sign-in, per client address', () => {
  let token: string;

  beforeAll(async () => {
    await service('stop', 'gateway');
    await service('stop', 'identity');
    await service('start', 'identity', IDENTITY_ENV);
    await service('start', 'gateway', GATEWAY_ENV);
    token = await mcpToken(await createMember(nats));
  }, 180_000);

  afterAll(async () => {
    await service('stop', 'gateway');
    await service('stop', 'identity');
    await service('start', 'identity', {});
    await service('start', 'gateway', {});
  }, 180_000);

  it("holds a flooding address to its live sessions, answers the rest without one, and a member's idle session survives", async () => {
    // A member's agent opens its session (signed in from the start) and goes idle.
    const memberAt = address();
    const client = new Client({ name: 'member-agent', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': memberAt } },
    });
    await client.connect(transport);
    const memberSession = transport.sessionId!;
    expect(memberSession).toMatch(/^[0-9a-f-]{36}$/);

    // Twelve initializes from one address, twice the gateway's whole cap: three sessions, the rest answered statelessly.
    const flooder = address();
    const flood = [];
    for (let i = 0; i < 12; i++) flood.push(await initialize(flooder));
    for (const answer of flood) expect(answer).toMatchObject({ status: 200, serverName: 'marketplace' });
    const opened = flood.map((a) => a.sessionId).filter((id): id is string => id !== undefined);
    expect(opened).toHaveLength(3);
    expect(flood.slice(3).every((a) => a.sessionId === undefined)).toBe(true);
    for (const id of opened) expect(await inSession(id, flooder)).toBe(200);

    // Other addresses still open theirs; at the cap an idle unclaimed one makes room, never the member's.
    for (let i = 0; i < 4; i++) expect((await initialize(address())).sessionId).toEqual(expect.any(String));
    expect((await client.listTools()).tools.length).toBeGreaterThan(80);
    expect(await inSession(memberSession, memberAt, token)).toBe(200);
    await client.close();
  });

  it('counts sessions opened a minute per address: closing them does not free more than the minute allows', async () => {
    const from = address();
    const started = minuteOf();
    const first = await Promise.all([initialize(from), initialize(from), initialize(from)]);
    const ids = first.map((a) => a.sessionId!);
    expect(ids.every(Boolean)).toBe(true);
    for (const id of ids) expect(await end(id, from)).toBe(200);
    // Three of four used this minute: one more opens, then none until the next minute.
    const again = [];
    for (let i = 0; i < 3; i++) again.push((await initialize(from)).sessionId);
    const more = again.filter(Boolean).length;
    if (minuteOf() === started) expect(more).toBe(1);
    else expect(more).toBeGreaterThanOrEqual(1);
    // Still answered, without a session: the client keeps working with explicit arguments.
    expect((await initialize(from)).serverName).toBe('marketplace');
  });

  it('a session a member signed in on no longer counts against its address', async () => {
    const from = address();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await initialize(from)).sessionId!);
    expect(ids.every(Boolean)).toBe(true);
    expect((await initialize(from)).sessionId).toBeUndefined();
    // The member's agent signs in on one of them: it is theirs now, and the address has room again.
    expect(await inSession(ids[0]!, from, token)).toBe(200);
    expect(await inSession(ids[0]!, from)).toBe(403);
    expect((await initialize(from)).sessionId).toEqual(expect.any(String));
  });
});
