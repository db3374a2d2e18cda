import { catalogue, ERROR_CODE_NAMES, type Operation, recordIdFields, snakeCase } from '@marketplace/contracts';
import { api, createMember, mcp, type TestMember, toolError } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

/**
 * Every error body carries a `code` a client branches on, and the OpenAPI document lists each
 * operation's codes. An id in the path that is no UUID is answered 404 `not_found` by the gate,
 * for every operation that names a record, on REST and MCP alike: read from the catalogue, so a
 * new operation is covered without being listed here.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const BAD_ID = 'not-a-uuid';

/** Operations a member may call whose input is valid with malformed ids alone (others answer 400 first). */
const byId = catalogue.filter((op) => {
  const access = op.rest?.access ?? op.access;
  if (!op.rest || op.rest.credential || access === 'staff' || access === 'internal') return false;
  const ids = recordIdFields(op);
  return ids.length > 0 && op.input.safeParse(Object.fromEntries(ids.map((k) => [k, BAD_ID]))).success;
});

function restPath(op: Operation): string {
  const fields = (op.rest!.fields ?? {}) as Record<string, { name?: string } | undefined>;
  let path = op.rest!.path;
  for (const key of recordIdFields(op)) path = path.replace(`{${fields[key]?.name ?? key}}`, BAD_ID);
  // Other path parameters (a chunk index, a version, a photo hash) get a value of their shape.
  return path
    .replace(/\{index\}/, '0')
    .replace(/\{version\}/, '1')
    .replace(/\{hash\}/, 'a'.repeat(16));
}

describe('error codes', () => {
  let member: TestMember;
  let token: string;

  beforeAll(async () => {
    member = await createMember(nats);
    token = await mcpToken(member);
  });

  it('a malformed record id is 404 not_found on every operation that names one, on REST', async () => {
    expect(byId.length).toBeGreaterThan(40);
    for (const op of byId) {
      const res = await api(base, restPath(op), { method: op.rest!.method, key: member.key, ...(op.rest!.method === 'GET' ? {} : { body: {} }) });
      expect(res.status, `${op.name} ${restPath(op)}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.code, op.name).toBe('not_found');
    }
  });

  it('and the same over MCP, as a tool error', async () => {
    for (const op of byId.filter((o) => o.mcp)) {
      const renamed = (op.mcp!.args ?? {}) as Record<string, string | undefined>;
      const args = Object.fromEntries(recordIdFields(op).map((k) => [renamed[k] ?? snakeCase(k), BAD_ID]));
      const res = await mcp(base, 'tools/call', { name: op.mcp!.tool, arguments: args }, token);
      expect(toolError(res), op.name).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('names the kind of each refusal: signed out, bad input, a limit of the catalogue', async () => {
    const signedOut = await api(base, '/api/me/jobs');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.code).toBe('unauthenticated');
    const bad = await api(base, '/api/me/jobs', { key: member.key, body: { title: '', category: 'data' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_input', fields: expect.objectContaining({ title: expect.any(String) }) });
    const viaTool = await mcp(base, 'tools/call', { name: 'post_job', arguments: { title: '', category: 'data' } }, token);
    expect(toolError(viaTool)).toMatchObject({ status: 400, code: 'invalid_input' });
  });

  it('the OpenAPI document lists the codes: all of them on the error body, each operation its own per status', async () => {
    const doc = (await api(base, '/api/openapi.json')).body;
    expect(doc.components.schemas.Error.required).toEqual(['error', 'code']);
    expect(doc.components.schemas.Error.properties.code.enum).toEqual(ERROR_CODE_NAMES);
    const post = doc.paths['/api/me/jobs'].post.responses;
    expect(post['403'].description).toMatch(/`email_unverified`, `not_admitted`, `sign_up_unfinished`, `suspended`, `forbidden`/);
    expect(post['422'].description).toMatch(/`idempotency_key_reused`/);
    expect(doc.paths['/api/jobs/{id}'].get.responses['404'].description).toMatch(/`not_found`/);
  });
});
