import { describe, expect, inject, it } from 'vitest';
import { catalogue, snakeCase, type Operation } from '@marketplace/contracts';
import { api, createMember, mcp } from '@marketplace/testing';

const base = inject('baseUrl');

/** Operations served on both surfaces whose tool needs no sign-in can be compared call for call. */
const both = catalogue.filter((op) => op.rest && op.mcp && op.access !== 'internal');

function restPath(op: Operation, id: string): string {
  return op.rest!.path.replace(/\{\w+\}/g, id);
}

describe('every catalogue entry is reachable on both surfaces', () => {
  it('declares each tool once and every REST route once', () => {
    const tools = both.map((op) => op.mcp!.tool);
    expect(new Set(tools).size).toBe(tools.length);
    const routes = catalogue.filter((op) => op.rest).map((op) => `${op.rest!.method} ${op.rest!.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const subjects = catalogue.map((op) => op.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  for (const op of both) {
    it(`${op.rest!.method} ${op.rest!.path} and ${op.mcp!.tool} are both served`, async () => {
      const rest = await api(base, restPath(op, '00000000-0000-4000-8000-000000000000'), {
        method: op.rest!.method, ...(op.rest!.method === 'GET' || op.rest!.method === 'DELETE' ? {} : { body: {} }),
      });
      expect(rest.status).not.toBe(405);
      if (rest.status === 404) expect(rest.body.error).not.toMatch(/^No API path/);
      const tool = await mcp(base, 'tools/call', { name: op.mcp!.tool, arguments: {} });
      expect([200, 401]).toContain(tool.status);
      if (tool.status === 401) expect((op.mcp!.access ?? op.access)).not.toBe('public');
    });
  }

  it('returns the same validation errors on both surfaces, under each surface\'s field names', async () => {
    const op = both.find((o) => o.mcp!.tool === 'get_job')!;
    const member = await createMember(inject('natsUrl'));
    const rest = await api(base, `/api/jobs/${'x'.repeat(101)}/details`, { key: member.key });
    const tool = await mcp(base, 'tools/call', { name: op.mcp!.tool, arguments: { id: 'x'.repeat(101) } });
    const toolBody = JSON.parse(tool.body.result.content[0].text.split('\n\n')[0]);
    expect(rest.status).toBe(400);
    expect(toolBody.status).toBe(400);
    expect(toolBody.fields).toEqual(rest.body.fields);
    expect(toolBody.error).toBe(rest.body.error);
    // Names differ only by convention: REST camelCase/query names, MCP snake_case.
    expect(snakeCase('posterVisibility')).toBe('poster_visibility');
  });
});
