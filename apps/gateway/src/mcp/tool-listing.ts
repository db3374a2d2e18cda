import { RETIRED_PREFIX } from '@marketplace/contracts';

import { taskListing } from './mcp-tasks.js';
import { COMMON_ARGS, IDEMPOTENCY_ARG, type Tool } from './mcp-tools.js';

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
/**
 * What a revision's answer adds around the definitions (2026-07-28's cache hints, the SDK's own
 * fields): the definitions are fitted to the budget less this, so the whole answer fits on every wire.
 */
export const FRAMING_BYTES = 512;

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
  'description',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'format',
  'default',
  'maxItems',
  'minItems',
  'examples',
  'title',
  'propertyNames',
  'x-member-written',
  'required',
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
  return { ...rest, ...other, type: [other.type, 'null'], ...(Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {}) };
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
 * An argument schema as listed: what the server checks, but a regular expression a model cannot
 * read at a glance (a date-time's 300 characters, an id's control-character rule) is left to the
 * server and to the argument's description, which says the rule in words, and so are examples and
 * a string's `minLength: 1`.
 * The REST document (`/api/openapi.json`) keeps every pattern.
 */
const READABLE_PATTERN = 40;

/**
 * "Some text" and "one line of text": rules every member-written string has, which the server
 * states in its 400 when one is broken; a model writes such text without being told.
 */
const SELF_EVIDENT_PATTERNS = new Set(['\\S', '^\\s*\\S(?:[^\\r\\n]*\\S)?\\s*$']);

export function compactInputSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactInputSchema);
  if (!value || typeof value !== 'object') return value;
  const schema = value as Json;
  const out: Json = {};
  for (const [key, v] of Object.entries(schema)) {
    if (key === 'pattern' && (typeof schema.format === 'string' || String(v).length > READABLE_PATTERN || SELF_EVIDENT_PATTERNS.has(String(v)))) continue;
    // "Not empty" goes without saying for a model; the server says so when it happens.
    if (key === 'examples' || (key === 'minLength' && v === 1)) continue;
    out[key] = compactInputSchema(v);
  }
  return out;
}

/**
 * A tool's title is the name a host shows its human: the operation's summary up to its first
 * clause when it runs on (`Leave your team. An owner cannot leave…` is `Leave your team`); the
 * description says the rest.
 */
export function displayTitle(summary: string): string {
  if (summary.length <= TITLE_CHARS) return summary;
  const cut = summary.slice(0, TITLE_CHARS).search(/(?:[.:;]\s| \(|, )[^]*$/);
  return cut > 12 ? summary.slice(0, cut) : summary;
}

const TITLE_CHARS = 60;

/** MCP's defaults are readOnly false, destructive true, idempotent false, open world true. */
function listedAnnotations(tool: Tool): Json {
  const a = tool.annotations;
  if (a.readOnlyHint) return { readOnlyHint: true, openWorldHint: false };
  return { destructiveHint: a.destructiveHint, ...(a.idempotentHint ? { idempotentHint: true } : {}), openWorldHint: false };
}

function resultOf(tool: Tool): Json {
  return (tool.outputSchema as { properties: { result: Json } }).properties.result;
}

/**
 * A result another tool answers too (the seven work steps answer the job's work, the six draft
 * tools the draft) is typed once, by the tool that reads it; the others name that tool.
 */
function sameAs(owner: Tool, result: Json): Json {
  const type = nullableAsType(result).type;
  const all = (nullableAsType(resultOf(owner)).properties as Json | undefined) ?? {};
  const own = (nullableAsType(result).properties as Json | undefined) ?? {};
  const whole = Object.keys(all).length === Object.keys(own).length;
  return { ...(type ? { type } : {}), description: whole ? `As ${owner.name} returns it` : `Some of the fields ${owner.name} returns` };
}

function listedOutput(tool: Tool, depth: number, owner: Tool | undefined): Json {
  const result = resultOf(tool);
  return {
    type: 'object',
    // `conversationId` (always), the alerts claimed with a call (`notifications`) and the paths of
    // member-written text (`memberWritten`) come beside `result`: said once, in the server's
    // instructions and in each result's text, rather than in every tool's definition.
    properties: { result: owner ? sameAs(owner, result) : compactResultSchema(result, depth - 1) },
    required: ['result'],
  };
}

/**
 * The arguments every tool takes (conversation_id, context, llm_model, idempotency_key) by type
 * alone: the server's instructions say once what they are for and how long they may be, and the
 * server checks them as it always has.
 */
function listedInput(tool: Tool): Json {
  const schema = compactInputSchema(tool.inputSchema) as Json & { properties: Json };
  const properties = Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, sub]) => !isRetired(sub as Json))
      .map(([name, sub]) => [name, SHARED_ARGS.has(name) ? { type: 'string' } : listedArgument(name, sub as Json)]),
  );
  return { ...schema, properties };
}

/** A retired argument is refused with a 400 that says what to use instead; a model need not see it. */
function isRetired(arg: Json): boolean {
  return typeof arg.description === 'string' && arg.description.startsWith(RETIRED_PREFIX);
}

/**
 * An id argument (`job_id`) is opaque text: its name says what it is, and its length limit is the
 * server's concern. A description that only repeats the name ("Job id") goes too.
 */
function listedArgument(name: string, arg: Json): Json {
  const { description, maxLength, minimum, default: fallback, ...rest } = arg;
  const isId = /(?:^|_)ids?$/.test(name) && arg.type === 'string';
  const saysOnlyName = typeof description === 'string' && words(description) === words(name);
  // A count or offset below 0, or a page of no rows, is not something a model sends; a score's 1 is kept.
  const selfEvidentMinimum = minimum === 0 || (name === 'limit' && minimum === 1);
  // Paging starts at the first row, and a page is as long as allowed, unless told otherwise: a model assumes as much.
  const selfEvidentDefault = (name === 'offset' && fallback === 0) || (name === 'limit' && fallback === rest.maximum);
  return {
    ...(description !== undefined && !saysOnlyName ? { description } : {}),
    ...rest,
    ...(fallback !== undefined && !selfEvidentDefault ? { default: fallback } : {}),
    ...(maxLength !== undefined && !isId ? { maxLength } : {}),
    ...(minimum !== undefined && !selfEvidentMinimum ? { minimum } : {}),
  };
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const SHARED_ARGS = new Set([...Object.keys(COMMON_ARGS), IDEMPOTENCY_ARG]);

function listed(tool: Tool, depth: number, owner: Tool | undefined): ListedTool {
  return {
    name: tool.name,
    title: displayTitle(tool.annotations.title),
    description: tool.description,
    inputSchema: listedInput(tool),
    outputSchema: listedOutput(tool, depth, owner),
    annotations: listedAnnotations(tool),
    ...taskListing(tool),
  };
}

/** A result's fields as a model reads them (name to compact schema), or null for a result that is not one object. */
function fieldsOf(tool: Tool): Map<string, string> | null {
  const result = nullableAsType(resultOf(tool));
  if (result.type !== 'object' || !result.properties) return null;
  return new Map(Object.entries(result.properties as Json).map(([name, sub]) => [name, JSON.stringify(compactResultSchema(sub, Infinity))]));
}

/** Results of fewer fields are typed where they are: a reference would save nothing. */
const SHARED_RESULT_FIELDS = 4;

/**
 * For each tool whose result another tool's result holds whole (the seven work steps answer the
 * job's work as get_job_work does, posting and closing answer fields of get_job's), the tool that
 * types it; undefined for a tool that types its own. The owner is the other tool with the most
 * fields, a read before a write, then by name, so an owner never refers on.
 */
function resultOwners(tools: readonly Tool[]): (Tool | undefined)[] {
  const fields = tools.map(fieldsOf);
  const better = (a: number, b: number) => {
    const fa = fields[a]!.size;
    const fb = fields[b]!.size;
    if (fa !== fb) return fa > fb;
    const ra = tools[a]!.annotations.readOnlyHint;
    if (ra !== tools[b]!.annotations.readOnlyHint) return ra;
    return tools[a]!.name < tools[b]!.name;
  };
  const holds = (a: number, b: number) => [...fields[b]!].every(([name, schema]) => fields[a]!.get(name) === schema);
  return tools.map((_, t) => {
    if (!fields[t] || fields[t]!.size < SHARED_RESULT_FIELDS) return undefined;
    let owner = -1;
    for (let u = 0; u < tools.length; u++) {
      if (u === t || !fields[u] || !better(u, t) || !holds(u, t)) continue;
      if (owner < 0 || better(u, owner)) owner = u;
    }
    return owner < 0 ? undefined : tools[owner];
  });
}

const sizeOf = (t: ListedTool) => Buffer.byteLength(JSON.stringify(t));

/**
 * Every tool's definition, in the order given, within the budgets: the largest definition gives up
 * a level of result typing until the list fits (a tool never goes below its result's own fields).
 */
export function listTools(tools: readonly Tool[]): ListedTool[] {
  const depths = tools.map((t) => depthOf((t.outputSchema as { properties: { result: unknown } }).properties.result));
  const owners = resultOwners(tools);
  const forms = tools.map((t, i) => listed(t, depths[i]!, owners[i]));
  const sizes = forms.map(sizeOf);
  let total = sizes.reduce((a, b) => a + b, 0) + tools.length + 11;
  const over = (i: number) => sizes[i]! > TOOL_BUDGET_BYTES;
  for (;;) {
    let pick = -1;
    for (let i = 0; i < tools.length; i++) {
      if (depths[i]! <= 1) continue;
      if (total <= LIST_BUDGET_BYTES - FRAMING_BYTES && !over(i)) continue;
      if (pick < 0 || sizes[i]! > sizes[pick]!) pick = i;
    }
    if (pick < 0) break;
    depths[pick]! -= 1;
    forms[pick] = listed(tools[pick]!, depths[pick]!, owners[pick]);
    const size = sizeOf(forms[pick]!);
    total += size - sizes[pick]!;
    sizes[pick] = size;
  }
  return forms;
}
