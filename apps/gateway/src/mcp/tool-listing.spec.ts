import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { buildTools } from './mcp-tools.js';
import { compactResultSchema, listTools, TOOL_BUDGET_BYTES } from './tool-listing.js';

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

  it('stays within what it measures today (the budget is LIST_BUDGET_BYTES), every result typed to its own fields at least', () => {
    // 402,829 bytes before the list was written for models; 138,177 after (bench/reports, 2026-12-06).
    // A ceiling against regressions, not the budget: LIST_BUDGET_BYTES is not met yet.
    expect(bytes({ tools: listed })).toBeLessThanOrEqual(140 * 1024);
    for (const [i, t] of listed.entries()) {
      const result = (tools[i]!.outputSchema as { properties: { result: { properties?: object } } }).properties.result;
      const typed = (t.outputSchema as { properties: { result: { properties?: object } } }).properties.result;
      if (result.properties) expect(Object.keys(typed.properties ?? {}), t.name).toEqual(Object.keys(result.properties));
    }
  });

  it('annotates only what differs from MCP defaults, and says so for every write', () => {
    for (const [i, t] of listed.entries()) {
      const a = tools[i]!.annotations;
      if (a.readOnlyHint) expect(t.annotations, t.name).toEqual({ readOnlyHint: true, openWorldHint: false });
      else expect(t.annotations.destructiveHint, t.name).toBe(a.destructiveHint);
    }
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
    for (const value of [{ status: null, round: 2, files: [{ id: 'f' }] }, { status: 'open', round: 1, files: [] }]) {
      expect(valid(full, value)).toBe(true);
      expect(valid(compactResultSchema(full, 0), value)).toBe(true);
      expect(valid(compactResultSchema(full, 1), value)).toBe(true);
    }
    expect(valid(compactResultSchema(full, 0), { status: 'other' })).toBe(false);
  });
});
