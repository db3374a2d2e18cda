import { catalogue, openAccess } from '@marketplace/contracts';
import { api, createMember, type ExpectedRoute, expectedRoutes, expectedTools, listedToolShape, mcp, toolError } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const ANY_ID = '00000000-0000-4000-8000-000000000000';
/** An argument no tool declares: a known tool refuses it as a validation error, naming it. */
const NOT_AN_ARGUMENT = 'not_an_argument';

function concretePath(route: ExpectedRoute): string {
  return route.path.replace(/\{\w+\}/g, ANY_ID);
}

/** The router's own answer to a path nobody serves (its 404 names the path; see the gateway's cross-cutting rules). */
function isRouterNotFound(res: { status: number; body: any }): boolean {
  return res.status === 404 && /^No API path /.test(String(res.body?.error ?? ''));
}

describe('the catalogue declares each surface entry once', () => {
  it('one tool name per tool, one route per method and path, one subject per operation', () => {
    const tools = expectedTools().map((t) => t.name);
    expect(new Set(tools).size).toBe(tools.length);
    const routes = expectedRoutes().map((r) => `${r.method} ${r.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const subjects = catalogue.map((op) => op.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });
});

describe('tools/list is exactly the catalogue', () => {
  let listed: Array<{ name: string; inputSchema: { properties?: Record<string, unknown>; required?: string[] } }>;
  beforeAll(async () => {
    const res = await mcp(base, 'tools/list');
    expect(res.status).toBe(200);
    listed = res.body.result.tools;
  });

  it('the same tool names, argument names and required arguments, nothing more', () => {
    const expected = expectedTools().map(({ name, properties, required }) => ({ name, properties, required }));
    const actual = listed.map(listedToolShape).sort((a, b) => a.name.localeCompare(b.name));
    expect(actual).toEqual(expected);
  });
});

describe('every catalogue tool is known to tools/call', () => {
  it('an unknown tool answers the JSON-RPC invalid-params error (what the calls below must never get)', async () => {
    const res = await mcp(base, 'tools/call', { name: 'no_such_tool', arguments: {} });
    expect(res.status).toBe(200);
    expect(res.body.result).toBeUndefined();
    expect(res.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool no_such_tool/) });
  });

  it('a batch (a JSON array body) is refused whole: one message per request', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_job_categories', arguments: {} } });
    const res = await api(base, '/api/mcp', {
      method: 'POST',
      rawBody: JSON.stringify([call(1), call(2)]),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  for (const tool of expectedTools()) {
    it(`${tool.name} (${tool.access}) reaches its own checks`, async () => {
      const res = await mcp(base, 'tools/call', { name: tool.name, arguments: { [NOT_AN_ARGUMENT]: true } });
      if (openAccess(tool.access)) {
        // Validated against the tool's own argument list: only a known tool gets that far.
        expect(toolError(res)).toMatchObject({ status: 400, fields: { [NOT_AN_ARGUMENT]: 'Unknown field.' } });
      } else {
        // The gateway challenges before the call only for a tool it knows, and names it.
        expect(res.status, JSON.stringify(res.body)).toBe(401);
        expect(res.body.error).toBe(`Sign in to use ${tool.name}.`);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
      }
    });
  }
});

describe('every catalogue REST route is routed', () => {
  it('the router answers 404 to a path nobody serves, and 405 to a served path with another method', async () => {
    expect(isRouterNotFound(await api(base, '/api/no-such-route'))).toBe(true);
    const wrongMethod = await api(base, '/api/jobs/categories', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('GET');
  });

  for (const route of expectedRoutes()) {
    it(`${route.method} ${route.path} (${route.operation}) reaches its handler`, async () => {
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const res = await api(base, concretePath(route), { method: route.method, ...(withBody ? { body: {} } : {}) });
      expect(res.status, JSON.stringify(res.body)).not.toBe(405);
      expect(isRouterNotFound(res), JSON.stringify(res.body)).toBe(false);
    });
  }
});

describe('both surfaces validate alike', () => {
  it("returns the same validation errors, under each surface's field names", async () => {
    const member = await createMember(inject('natsUrl'));
    const rest = await api(base, `/api/jobs/${'x'.repeat(101)}/details`, { key: member.key });
    const tool = toolError(await mcp(base, 'tools/call', { name: 'get_job', arguments: { id: 'x'.repeat(101) } }));
    expect(rest.status).toBe(400);
    expect(tool.status).toBe(400);
    expect(tool.fields).toEqual(rest.body.fields);
    expect(tool.error).toBe(rest.body.error);
  });
});
