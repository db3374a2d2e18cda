/**
 * Generated params that do not fit an MCP method: for each method, params that fit, and for each
 * of their fields values of the wrong kind (numbers, strings, arrays, null, objects with nested
 * fields of the wrong type) and the field left out when it is required; and params that are no
 * object at all. Each case names the field its answer must name.
 */

/** One malformed request: the params to send and the field the -32602 must name. */
export interface JunkCase {
  method: string;
  params: unknown;
  field: string;
  label: string;
}

interface FieldJunk {
  required?: boolean;
  junk: unknown[];
}

interface MethodShape {
  /** Params that fit. */
  valid: Record<string, unknown>;
  /** The fields to spoil (their names as the answer names them, under params.). */
  fields: Record<string, FieldJunk>;
}

const NOT_A_STRING = [5, true, null, [1], { a: 1 }];
const NOT_AN_OBJECT = [5, 'x', [1], null];
const CURSOR = { junk: NOT_A_STRING };
/** `_meta` on the 2025 revisions; on 2026-07-28 it is the envelope, which the SDK checks first. */
const META = { junk: [5, 'x', [1], { progressToken: { nested: true } }] };

/** The spec methods a 2025-era client may call. */
export const LEGACY_METHODS: Record<string, MethodShape> = {
  initialize: {
    valid: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'junk-agent', version: '1.0.0' } },
    fields: {
      protocolVersion: { required: true, junk: NOT_A_STRING },
      capabilities: { required: true, junk: [...NOT_AN_OBJECT, { elicitation: 5 }] },
      clientInfo: { required: true, junk: [...NOT_AN_OBJECT, { name: 5, version: '1' }] },
      _meta: META,
    },
  },
  ping: { valid: {}, fields: { _meta: META } },
  'tools/list': { valid: {}, fields: { cursor: CURSOR, _meta: META } },
  'tools/call': {
    valid: { name: 'list_open_jobs', arguments: {} },
    fields: { name: { required: true, junk: NOT_A_STRING }, arguments: { junk: NOT_AN_OBJECT }, _meta: META },
  },
  'resources/list': { valid: {}, fields: { cursor: CURSOR, _meta: META } },
  'resources/templates/list': { valid: {}, fields: { cursor: CURSOR, _meta: META } },
  'resources/read': { valid: { uri: 'marketplace://jobs/categories' }, fields: { uri: { required: true, junk: NOT_A_STRING }, _meta: META } },
  'prompts/list': { valid: {}, fields: { cursor: CURSOR, _meta: META } },
  'prompts/get': {
    valid: { name: 'post_a_job', arguments: {} },
    fields: { name: { required: true, junk: NOT_A_STRING }, arguments: { junk: [...NOT_AN_OBJECT, { a: 5 }, { a: { b: 'c' } }] }, _meta: META },
  },
  'completion/complete': {
    valid: { ref: { type: 'ref/prompt', name: 'post_a_job' }, argument: { name: 'category', value: 'wri' } },
    fields: {
      ref: { required: true, junk: [...NOT_AN_OBJECT, {}, { type: 'ref/prompt', name: 5 }, { type: 'ref/nothing', name: 'x' }] },
      argument: { required: true, junk: [...NOT_AN_OBJECT, {}, { name: 'category', value: 5 }, { name: ['x'], value: 'x' }] },
      context: { junk: [5, 'x', { arguments: { a: 5 } }, { arguments: [1] }] },
      _meta: META,
    },
  },
};

const TASK = { valid: { taskId: 'not-a-task' }, fields: { taskId: { required: true, junk: NOT_A_STRING } } };
const withoutMeta = (shape: MethodShape): MethodShape => {
  const { _meta: _spoiled, ...fields } = shape.fields;
  return { valid: shape.valid, fields };
};

/** The methods of 2026-07-28 (no initialize or ping; server/discover and the tasks extension's). */
export const MODERN_METHODS: Record<string, MethodShape> = {
  'server/discover': { valid: {}, fields: {} },
  ...Object.fromEntries(
    Object.entries(LEGACY_METHODS)
      .filter(([m]) => m !== 'initialize' && m !== 'ping')
      .map(([m, s]) => [m, withoutMeta(s)]),
  ),
  'tasks/get': TASK,
  'tasks/cancel': TASK,
  'tasks/update': TASK,
};

/** Params that are no object: MCP's params are always named. */
const NOT_PARAMS = [5, 'params', [1, 2], null, true];

/** Every malformed request for these methods. */
export function junkCases(methods: Record<string, MethodShape>): JunkCase[] {
  const cases: JunkCase[] = [];
  for (const [method, { valid, fields }] of Object.entries(methods)) {
    for (const params of NOT_PARAMS) cases.push({ method, params, field: 'params', label: `${method} params=${JSON.stringify(params)}` });
    for (const [field, { required, junk }] of Object.entries(fields)) {
      for (const value of junk) {
        cases.push({ method, params: { ...valid, [field]: value }, field, label: `${method} ${field}=${JSON.stringify(value)}` });
      }
      if (required) {
        const { [field]: _missing, ...rest } = valid;
        cases.push({ method, params: rest, field, label: `${method} without ${field}` });
      }
    }
  }
  return cases;
}

/** A message that reads as a library's issue dump rather than a sentence. */
export const ISSUE_DUMP = /invalid_type|invalid_union|"code"|"path"|"expected"|\n|\[\s*\{/;
