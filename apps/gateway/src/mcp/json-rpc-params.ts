import { randomUUID } from 'node:crypto';
import type { StandardSchemaV1 } from '@modelcontextprotocol/server';

/** JSON-RPC 2.0: the method exists, its params do not fit it. */
export const INVALID_PARAMS = -32602;

export interface RequestSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export type RequestSchemas = Readonly<Record<string, RequestSchema>>;

type SpecSchemas = Record<'InitializeRequest' | 'PingRequest' | 'ListToolsRequest' | 'CallToolRequest', StandardSchemaV1>;

/** The SDK's own schemas for the methods this server answers: what it would otherwise refuse as -32603. */
export function requestSchemas(spec: SpecSchemas): RequestSchemas {
  const fromSpec = (schema: StandardSchemaV1): RequestSchema => ({
    safeParse(value) {
      const result = schema['~standard'].validate(value);
      if (result instanceof Promise) throw new Error('MCP request schemas validate synchronously');
      if (!result.issues) return { success: true };
      const issues = result.issues.map((i) => ({
        path: (i.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)),
        message: i.message,
      }));
      return { success: false, error: { issues } };
    },
  });
  return {
    initialize: fromSpec(spec.InitializeRequest),
    ping: fromSpec(spec.PingRequest),
    'tools/list': fromSpec(spec.ListToolsRequest),
    'tools/call': fromSpec(spec.CallToolRequest),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a message's params do not fit its method, in words an agent can act on; undefined when they do. */
export function paramsProblem(methods: RequestSchemas, message: unknown): string | undefined {
  if (!isObject(message) || typeof message.method !== 'string' || !Object.hasOwn(methods, message.method)) return undefined;
  const { method, params } = message;
  if (method === 'tools/call') {
    if (!isObject(params)) return 'tools/call needs params {"name": "<tool>", "arguments": {...}}.';
    if (typeof params.name !== 'string') return 'params.name must be the name of a tool (a string); tools/list names them.';
    if (params.arguments !== undefined && !isObject(params.arguments)) {
      return `params.arguments must be an object of named arguments, not ${Array.isArray(params.arguments) ? 'an array' : params.arguments === null ? 'null' : `a ${typeof params.arguments}`}.`;
    }
    // A name and arguments alone, just checked, are all the schema could look at: the common call
    // skips a second full parse of the message (the SDK parses it once more itself).
    if (Object.keys(params).every((k) => k === 'name' || k === 'arguments')) return undefined;
  }
  const result = methods[method]!.safeParse(message);
  if (result.success) return undefined;
  // The SDK's zod messages, one per issue, rather than its JSON dump of them all.
  const issues = result.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || 'message'}: ${i.message}`);
  return `Invalid params for ${method}: ${issues.join('; ')}.`;
}

export interface Screened {
  /** The body to hand the SDK: each malformed request replaced by a call of a placeholder tool. */
  body: unknown;
  /** Placeholder tool name → the error its call answers (JSON-RPC -32602 with the reason). */
  malformed: Map<string, Error & { code: number }>;
}

/**
 * Checks the params of every request in a body (one message or a batch) before the SDK sees them.
 * The SDK would refuse params that do not fit as an internal error (-32603) carrying its schema
 * dump, or, for a `tools/call` name that is not a string, not get that far; JSON-RPC calls for
 * -32602 with a reason. Each malformed request becomes a `tools/call` of a placeholder name, so the
 * SDK still frames the reply (same id, JSON or event stream, the rest of a batch answered) and the
 * call handler answers it from `malformed`.
 */
export function screenParams(methods: RequestSchemas, body: unknown): Screened {
  const malformed = new Map<string, Error & { code: number }>();
  const screen = (message: unknown): unknown => {
    const problem = paramsProblem(methods, message);
    if (!problem) return message;
    const placeholder = `malformed:${randomUUID()}`;
    malformed.set(placeholder, Object.assign(new Error(problem), { code: INVALID_PARAMS }));
    return { ...(message as Record<string, unknown>), method: 'tools/call', params: { name: placeholder } };
  };
  return { body: Array.isArray(body) ? body.map(screen) : screen(body), malformed };
}
