import type { Infrastructure, System } from '@marketplace/local-stack';
import { api, BUS_CREDENTIALS_ENV, createMember, mcp, mcpAccessToken } from '@marketplace/testing';

import type { LoadOptions } from './load.js';

/*
 * The operation bench:mcp and bench:profile compare across surfaces: a member listing their own
 * jobs, through REST with an API key and through MCP `tools/call` with an OAuth access token on
 * both protocol wires. Both surfaces authenticate over the bus and reach the same handler, so what
 * differs is what each surface costs.
 */

export type ListTarget = 'rest' | 'mcp' | 'mcp-2026';

export const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
/** The member's jobs the list answers. */
export const LISTED_JOBS = 10;

/** The per-key and per-connection limits (120 a minute) would turn both sides into 429s within a second. */
export const LIST_SYSTEM_ENV = {
  LOG_LEVEL: 'warn',
  API_KEY_RATE_LIMIT: '100000000',
  OAUTH_REQUESTS_PER_MINUTE: '100000000',
  JOB_POSTS_PER_MINUTE: '1000',
} as const;

/** A load of one target without its duration, which each benchmark sets. */
export type TargetLoad = Omit<LoadOptions, 'durationS'>;

/**
 * A member with LISTED_JOBS jobs, an API key and an OAuth access token, and each target's load,
 * once every target was checked to answer the same list. The system runs with LIST_SYSTEM_ENV and
 * the local mail catcher (to sign the member in).
 */
export async function prepareListMyJobs(infra: Infrastructure, system: System, connections: number): Promise<Record<ListTarget, TargetLoad>> {
  const base = system.baseUrl;
  const mailDir = infra.mail?.dir;
  if (!mailDir) throw new Error('The benchmark needs the local mail catcher (unset SMTP_URL) to sign the member in.');

  // The member is created as the operator tool would, with this run's operator key.
  process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(infra.bus.credentials);
  const member = await createMember(infra.natsUrl);
  for (let i = 0; i < LISTED_JOBS; i++) {
    const res = await api(base, '/api/me/jobs', {
      key: member.key,
      body: { title: `Benchmark job ${i + 1}`, category: 'data', constraints: '## Scope\nMeasure it.' },
    });
    if (res.status !== 201) throw new Error(`Posting answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const token = await mcpAccessToken(base, mailDir, member);

  const rest = await api(base, '/api/me/jobs', { key: member.key });
  const tool = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, token);
  const viaTool = tool.body?.result?.structuredContent?.result;
  if (rest.status !== 200 || tool.status !== 200 || tool.body?.result?.isError) {
    throw new Error(`REST ${rest.status} / MCP ${tool.status}: ${JSON.stringify(tool.body).slice(0, 300)}`);
  }
  if (JSON.stringify(viaTool) !== JSON.stringify(rest.body)) throw new Error('REST and MCP answered different lists');
  const modernHeaders = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': 'tools/call',
    'mcp-name': 'list_my_jobs',
  };
  const modernBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_my_jobs', arguments: {}, _meta: ENVELOPE } });
  const modern = await fetch(`${base}/api/mcp`, { method: 'POST', headers: modernHeaders, body: modernBody });
  const modernResult = ((await modern.json()) as { result?: { structuredContent?: { result?: unknown } } }).result?.structuredContent?.result;
  if (modern.status !== 200 || JSON.stringify(modernResult) !== JSON.stringify(rest.body)) {
    throw new Error(`The ${MODERN} wire answered ${modern.status} and a different list`);
  }

  return {
    rest: { target: 'rest', url: `${base}/api/me/jobs`, connections, headers: { authorization: `Bearer ${member.key}` } },
    mcp: {
      target: 'mcp',
      url: `${base}/api/mcp`,
      connections,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_my_jobs', arguments: {} } }),
    },
    'mcp-2026': { target: 'mcp-2026', url: `${base}/api/mcp`, connections, method: 'POST', headers: modernHeaders, body: modernBody },
  };
}
