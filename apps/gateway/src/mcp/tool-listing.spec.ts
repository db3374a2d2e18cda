import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { describe, expect, it } from 'vitest';

import { buildTools } from './mcp-tools.js';
import { compactResultSchema, FRAMING_BYTES, LIST_BUDGET_BYTES, listTools, TOOL_BUDGET_BYTES } from './tool-listing.js';

const tools = [...buildTools().values()].sort((a, b) => (a.name < b.name ? -1 : 1));
const listed = listTools(tools);
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

describe('tools/list as a model reads it', () => {
  it('gives every tool a title, a description, annotations and both schemas, none over its budget', () => {
    expect(listed.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    for (const t of listed) {
      expect(t.title, t.name).toMatch(/\S/);
      expect(t.description, t.name).toMatch(/\S/);
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema, t.name).toMatchObject({ type: 'object', required: ['result'] });
      expect(t.annotations.openWorldHint, t.name).toBe(false);
      expect(bytes(t), t.name).toBeLessThanOrEqual(TOOL_BUDGET_BYTES);
    }
  });

  it('fits LIST_BUDGET_BYTES whole, every result typed to its own fields at least', () => {
    // 402,829 bytes before the list was written for models (bench/reports/2026-12-06-agent-context.md).
    const total = bytes({ tools: listed });
    console.log(`tools/list: ${tools.length} tools, ${total} bytes`);
    expect(total).toBeLessThanOrEqual(LIST_BUDGET_BYTES - FRAMING_BYTES);
    type Result = { properties?: object; description?: string };
    const resultOf = (schema: object) => (schema as { properties: { result: Result } }).properties.result;
    for (const [i, t] of listed.entries()) {
      const fields = Object.keys(resultOf(tools[i]!.outputSchema).properties ?? {});
      if (!fields.length) continue;
      const typed = resultOf(t.outputSchema);
      // Typed where it is, or by the tool named as answering the same fields, which types them all.
      const owner = /^(?:As (\w+) returns it|Some of the fields (\w+) returns)$/.exec(typed.description ?? '');
      const where = owner ? resultOf(listed.find((o) => o.name === (owner[1] ?? owner[2]))!.outputSchema) : typed;
      if (owner?.[1]) expect(Object.keys(where.properties ?? {}), t.name).toEqual(fields);
      else expect(Object.keys(where.properties ?? {}), t.name).toEqual(expect.arrayContaining(fields));
      if (!owner) expect(Object.keys(typed.properties ?? {}), t.name).toEqual(fields);
    }
  });

  it('annotates only what differs from MCP defaults, and says so for every write', () => {
    for (const [i, t] of listed.entries()) {
      const a = tools[i]!.annotations;
      if (a.readOnlyHint) expect(t.annotations, t.name).toEqual({ readOnlyHint: true, openWorldHint: false });
      else expect(t.annotations.destructiveHint, t.name).toBe(a.destructiveHint);
    }
  });

  it('leaves out the paging defaults a model assumes: offset 0, and a limit as long as allowed', () => {
    const args = (name: string) => listed.find((t) => t.name === name)!.inputSchema.properties as Record<string, unknown>;
    expect(args('list_my_jobs').offset).toEqual({ type: 'integer', maximum: 10_000 });
    expect(args('list_my_jobs').limit).toEqual({ type: 'integer', maximum: 100 });
    expect(args('list_open_jobs').limit).toEqual({ type: 'integer', maximum: 200, default: 100 });
  });

  it('types results with what the full schema accepts: a nullable enum keeps null, a cut level keeps its type', () => {
    const full = {
      type: 'object',
      properties: {
        status: { anyOf: [{ type: 'string', enum: ['open', 'closed'] }, { type: 'null' }], description: 'Status' },
        round: { type: 'integer', minimum: 1 },
        files: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
      },
      required: ['status', 'round', 'files'],
    };
    expect(compactResultSchema(full, 1)).toEqual({
      type: 'object',
      properties: {
        status: { type: ['string', 'null'], enum: ['open', 'closed', null] },
        round: { type: 'integer' },
        files: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    });
    expect(compactResultSchema(full, 0)).toEqual({
      type: 'object',
      properties: { status: { type: ['string', 'null'], enum: ['open', 'closed', null] }, round: { type: 'integer' }, files: { type: 'array' } },
    });
    // As the SDK's clients check structuredContent against a tool's outputSchema.
    const ajv = new AjvJsonSchemaValidator();
    const valid = (schema: unknown, value: unknown) => ajv.getValidator(schema as never)(value).valid;
    for (const value of [
      { status: null, round: 2, files: [{ id: 'f' }] },
      { status: 'open', round: 1, files: [] },
    ]) {
      expect(valid(full, value)).toBe(true);
      expect(valid(compactResultSchema(full, 0), value)).toBe(true);
      expect(valid(compactResultSchema(full, 1), value)).toBe(true);
    }
    expect(valid(compactResultSchema(full, 0), { status: 'other' })).toBe(false);
  });
});
