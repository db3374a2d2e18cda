import { catalogue, type Operation, snakeCase } from '@marketplace/contracts';
import { api, createMember, mcp, toolError } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

/**
 * The whole staff surface, read from the catalogue, refused to everyone who is not staff: a
 * member gets 403 on REST and a tool error (403) over MCP; a signed-out caller gets 401 on both.
 * Inputs are valid, so the refusal is the staff check and never a 400. A new staff operation is
 * covered automatically (one with required fields must be given a valid input below).
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** A valid input for every staff operation with required fields beyond a path id. */
const VALID: Record<string, Record<string, unknown>> = {
  decideContentReport: { id: SOME_ID, action: 'dismiss', reason: 'Not against the rules.' },
  restoreContent: { id: SOME_ID, reason: 'Appeal accepted.' },
  replyToHelpRequest: { id: SOME_ID, message: 'We refunded it.' },
  setHelpRequestStatus: { id: SOME_ID, status: 'closed' },
  suspendMember: { id: SOME_ID, reason: 'Asked applicants for deposits.' },
};

const staffOps = catalogue.filter((op) => op.access === 'staff' || op.rest?.access === 'staff' || op.mcp?.access === 'staff');

function inputOf(op: Operation): Record<string, unknown> {
  const input = VALID[op.name] ?? (op.rest?.path.includes('{id}') ? { id: SOME_ID } : {});
  const parsed = op.input.safeParse(input);
  if (!parsed.success) throw new Error(`${op.name}: give the test a valid input (${parsed.error.message})`);
  return input;
}

function restRequest(op: Operation): { path: string; method: string; body?: unknown } {
  const rest = op.rest!;
  const input = inputOf(op);
  let path = rest.path;
  const rest_: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (path.includes(`{${key}}`)) path = path.replace(`{${key}}`, encodeURIComponent(String(value)));
    else rest_[key] = value;
  }
  if (rest.method === 'GET') {
    const query = new URLSearchParams(Object.entries(rest_).map(([k, v]) => [k, String(v)])).toString();
    return { path: query ? `${path}?${query}` : path, method: 'GET' };
  }
  return { path, method: rest.method, body: rest_ };
}

function toolArgs(op: Operation): Record<string, unknown> {
  const renamed = (op.mcp!.args ?? {}) as Record<string, string | undefined>;
  return Object.fromEntries(Object.entries(inputOf(op)).map(([key, value]) => [renamed[key] ?? snakeCase(key), value]));
}

describe('the staff surface refuses everyone who is not staff', () => {
  let member: Awaited<ReturnType<typeof createMember>>;
  let token: string;

  beforeAll(async () => {
    member = await createMember(nats);
    token = await mcpToken(member);
  });

  it('covers the staff operations the contract lists, on both surfaces', () => {
    const tools = staffOps.filter((op) => op.mcp).map((op) => op.mcp!.tool);
    expect(tools).toEqual(
      expect.arrayContaining([
        'list_feature_requests',
        'list_help_requests',
        'list_problem_reports',
        'list_invite_links',
        'list_waitlist',
        'invite_from_waitlist',
      ]),
    );
    const routes = staffOps.filter((op) => op.rest).map((op) => `${op.rest!.method} ${op.rest!.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/feature-requests',
        'GET /api/admin/help-requests',
        'GET /api/admin/problem-reports',
        'GET /api/admin/invites',
        'GET /api/admin/waitlist',
        'POST /api/admin/waitlist/{id}/invite',
      ]),
    );
  });

  it('REST: 403 for a member who is not staff, 401 signed out, on every staff route', async () => {
    for (const op of staffOps.filter((o) => o.rest)) {
      const req = restRequest(op);
      const asMember = await api(base, req.path, { method: req.method, key: member.key, ...(req.body !== undefined ? { body: req.body } : {}) });
      expect(asMember.status, `${op.name}: ${JSON.stringify(asMember.body)}`).toBe(403);
      expect(asMember.body).toEqual({ error: 'Staff only.', code: 'staff_only' });
      const anonymous = await api(base, req.path, { method: req.method, ...(req.body !== undefined ? { body: req.body } : {}) });
      expect(anonymous.status, op.name).toBe(401);
    }
  });

  it('MCP: a tool error (403) for a member who is not staff, the sign-in challenge signed out, on every staff tool', async () => {
    for (const op of staffOps.filter((o) => o.mcp)) {
      const asMember = await mcp(base, 'tools/call', { name: op.mcp!.tool, arguments: toolArgs(op) }, token);
      expect(asMember.status, op.name).toBe(200);
      expect(toolError(asMember), op.name).toMatchObject({ status: 403, error: 'Staff only.', code: 'staff_only' });
      const anonymous = await mcp(base, 'tools/call', { name: op.mcp!.tool, arguments: toolArgs(op) });
      expect(anonymous.status, op.name).toBe(401);
      expect(anonymous.headers.get('www-authenticate'), op.name).toMatch(/^Bearer /);
    }
  });
});
