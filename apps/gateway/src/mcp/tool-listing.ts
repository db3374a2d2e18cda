import type { Tool } from './mcp-tools.js';
import { taskListing } from './mcp-tasks.js';

/**
 * What `tools/list` says of each tool. A client puts every definition into its model's context on
 * every turn, so the list is written for that reader and held to a budget: the whole list at most
 * LIST_BUDGET_BYTES and no tool over TOOL_BUDGET_BYTES (`bench:mcp` reports both).
 *
 * - Arguments keep their full schemas: they are what the server checks.
 * - Results are typed without what only the server needs (lengths, patterns, nested descriptions,
 *   member-written marks, which every result names in `memberWritten`), nullable unions written as
 *   `type: [t, "null"]`, and to the depth the budget allows: when the list is over budget, the tool
 *   whose definition is largest gives up its deepest typed level first, down to the result's own
 *   fields. A level cut keeps its type (`object`, `array`), so every result still validates.
 * - Annotations carry only what differs from MCP's defaults, and always `openWorldHint: false`.
 */
export const LIST_BUDGET_BYTES = 96 * 1024;
export const TOOL_BUDGET_BYTES = 3 * 1024;

type Json = Record<string, unknown>;

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Json;
  outputSchema: Json;
  annotations: Json;
  _meta?: Record<string, unknown>;
}

/** Keys of a result schema that only the server's own checks need. */
const SERVER_ONLY = new Set([
  'description', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'pattern', 'format',
  'default', 'maxItems', 'minItems', 'examples', 'title', 'propertyNames', 'x-member-written', 'required',
]);

/** `anyOf: [X, {type: "null"}]` as X with `null` among its types (and its enum), when X has one type. */
function nullableAsType(schema: Json): Json {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const nullAt = branches.findIndex((b) => (b as Json).type === 'null' && Object.keys(b as Json).length === 1);
  if (nullAt < 0) return schema;
  const other = branches[1 - nullAt] as Json;
  if (typeof other.type !== 'string') return schema;
  const { anyOf: _, ...rest } = schema;
  return { ...rest, ...other, type: [other.type, 'null'], ...(Array.isArray(other.enum) ? { enum: [...other.enum as unknown[], null] } : {}) };
}

/**
 * A result schema for the list: typed to `depth` levels of nested properties (0: the result's own
 * fields), deeper objects and arrays by their type alone.
 */
export function compactResultSchema(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return value.map((v) => compactResultSchema(v, depth));
  if (!value || typeof value !== 'object') return value;
  const schema = nullableAsType(value as Json);
  const nested = schema.properties || schema.items || schema.additionalProperties;
  if (depth < 0 && nested) return schema.type ? { type: schema.type } : {};
  const out: Json = {};
  for (const [key, v] of Object.entries(schema)) {
    if (SERVER_ONLY.has(key)) continue;
    if (key === 'additionalProperties' && v === false) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(v as Json).map(([name, sub]) => [name, compactResultSchema(sub, depth - 1)]));
    } else if (key === 'items' || key === 'additionalProperties') {
      // An array's items sit at the array's own level: `jobs[]` is typed with `jobs`.
      out[key] = compactResultSchema(v, depth);
    } else {
      out[key] = compactResultSchema(v, depth);
    }
  }
  return out;
}

/** How deep a result schema goes: the most levels `compactResultSchema` can keep. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return Math.max(0, ...value.map(depthOf));
  if (!value || typeof value !== 'object') return 0;
  const s = value as Json;
  let deepest = 0;
  if (s.properties) for (const sub of Object.values(s.properties as Json)) deepest = Math.max(deepest, 1 + depthOf(sub));
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf']) deepest = Math.max(deepest, depthOf(s[key]));
  return deepest;
}

/**
 * An argument schema as listed: what the server checks, but where a string's `format` already says
 * it (zod writes a date-time's 300-character regular expression beside `format: date-time`), the
 * pattern is left to the server.
 */
export function compactInputSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactInputSchema);
  if (!value || typeof value !== 'object') return value;
  const schema = value as Json;
  const out: Json = {};
  for (const [key, v] of Object.entries(schema)) {
    if (key === 'pattern' && typeof schema.format === 'string') continue;
    out[key] = compactInputSchema(v);
  }
  return out;
}

/** MCP's defaults are readOnly false, destructive true, idempotent false, open world true. */
function listedAnnotations(tool: Tool): Json {
  const a = tool.annotations;
  if (a.readOnlyHint) return { readOnlyHint: true, openWorldHint: false };
  return { destructiveHint: a.destructiveHint, ...(a.idempotentHint ? { idempotentHint: true } : {}), openWorldHint: false };
}

function listedOutput(tool: Tool, depth: number): Json {
  const envelope = tool.outputSchema as { properties: Json & { result: unknown } };
  return {
    type: 'object',
    properties: {
      result: compactResultSchema(envelope.properties.result, depth - 1),
      // The alerts claimed with a call (`notifications`) and the paths of member-written text
      // (`memberWritten`) may come beside these in any result: said once, in the server's instructions
      // and in each result's text, rather than in every tool's definition.
      conversationId: { type: 'string' },
    },
    required: ['result', 'conversationId'],
  };
}

function listed(tool: Tool, depth: number): ListedTool {
  return {
    name: tool.name, title: tool.annotations.title, description: tool.description, inputSchema: compactInputSchema(tool.inputSchema) as Json,
    outputSchema: listedOutput(tool, depth), annotations: listedAnnotations(tool), ...taskListing(tool),
  };
}

const sizeOf = (t: ListedTool) => Buffer.byteLength(JSON.stringify(t));

/**
 * Every tool's definition, in the order given, within the budgets: the largest definition gives up
 * a level of result typing until the list fits (a tool never goes below its result's own fields).
 */
export function listTools(tools: readonly Tool[]): ListedTool[] {
  const depths = tools.map((t) => depthOf((t.outputSchema as { properties: { result: unknown } }).properties.result));
  const forms = tools.map((t, i) => listed(t, depths[i]!));
  const sizes = forms.map(sizeOf);
  let total = sizes.reduce((a, b) => a + b, 0) + tools.length + 11;
  const over = (i: number) => sizes[i]! > TOOL_BUDGET_BYTES;
  for (;;) {
    let pick = -1;
    for (let i = 0; i < tools.length; i++) {
      if (depths[i]! <= 1) continue;
      if (total <= LIST_BUDGET_BYTES && !over(i)) continue;
      if (pick < 0 || sizes[i]! > sizes[pick]!) pick = i;
    }
    if (pick < 0) break;
    depths[pick]! -= 1;
    forms[pick] = listed(tools[pick]!, depths[pick]!);
    const size = sizeOf(forms[pick]!);
    total += size - sizes[pick]!;
    sizes[pick] = size;
  }
  return forms;
}
