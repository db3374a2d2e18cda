import type { StandardSchemaV1 } from '@modelcontextprotocol/server';

/** JSON-RPC 2.0: the method exists, its params do not fit it. */
export const INVALID_PARAMS = -32602;

export interface RequestSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export interface RequestSchemas {
  /** Each spec method's request, by method. */
  methods: Readonly<Record<string, RequestSchema>>;
  /** Any JSON-RPC request, as the SDK checks one (its params' `_meta` included) before a Server sees it. */
  request: RequestSchema;
}

/** A JSON-RPC request id. */
export type RequestId = string | number;

/** The -32602 errors a Server answers, by the id of the request screened out (see screenParams). */
export type Malformed = Map<RequestId, Error & { code: number }>;

/** The spec method each SDK request schema checks: every spec method this server answers, on either revision. */
const SPEC_METHODS = {
  InitializeRequest: 'initialize',
  PingRequest: 'ping',
  ListToolsRequest: 'tools/list',
  CallToolRequest: 'tools/call',
  ListResourcesRequest: 'resources/list',
  ListResourceTemplatesRequest: 'resources/templates/list',
  ReadResourceRequest: 'resources/read',
  ListPromptsRequest: 'prompts/list',
  GetPromptRequest: 'prompts/get',
  CompleteRequest: 'completion/complete',
  DiscoverRequest: 'server/discover',
} as const;

type SpecSchemas = Record<keyof typeof SPEC_METHODS | 'JSONRPCRequest', StandardSchemaV1>;

/** A Standard Schema of the SDK's, read as this module reads schemas. */
function fromSpec(schema: StandardSchemaV1): RequestSchema {
  return {
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
  };
}

/**
 * The SDK's own schemas for the spec methods this server answers: what it would otherwise refuse
 * as -32603 with their issues dumped. The tasks extension's methods (tasks/*) are not here: their
 * params schema is ours (mcp-tasks.ts), and the SDK already answers it -32602 naming the field.
 */
export function requestSchemas(spec: SpecSchemas): RequestSchemas {
  const methods = Object.fromEntries(Object.entries(SPEC_METHODS).map(([type, method]) => [method, fromSpec(spec[type as keyof typeof SPEC_METHODS])]));
  return { methods, request: fromSpec(spec.JSONRPCRequest) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which kind of JSON value a wrong one is, as a message says it. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : `a ${typeof value}`;
}

/**
 * Why a message's params do not fit its method, in words an agent can act on; undefined when they
 * do. Params that are not an object fit no method (MCP's are always named); the rest is checked
 * for the spec methods this server answers.
 */
export function paramsProblem(schemas: RequestSchemas, message: unknown): string | undefined {
  if (!isObject(message) || typeof message.method !== 'string') return undefined;
  const { method, params } = message;
  let checked = message;
  if (method === 'tools/call') {
    if (!isObject(params)) return 'tools/call needs params {"name": "<tool>", "arguments": {...}}.';
    if (typeof params.name !== 'string') return 'params.name must be the name of a tool (a string); tools/list names them.';
    if (params.arguments !== undefined && !isObject(params.arguments)) {
      return `params.arguments must be an object of named arguments, not ${kindOf(params.arguments)}.`;
    }
    // A name and arguments alone, just checked, are all the schema could look at: the common call
    // skips a second full parse of the message (the SDK parses it once more itself). Anything
    // more (a 2026-07-28 call always carries its _meta envelope) is parsed without the arguments,
    // which may be a whole base64 upload and which the schema would only find to be an object.
    if (Object.keys(params).every((k) => k === 'name' || k === 'arguments')) return undefined;
    const { arguments: _checked, ...rest } = params;
    checked = { ...message, params: rest };
  } else if (params !== undefined && !isObject(params)) {
    return `params must be an object of named values for ${method}, not ${kindOf(params)}.`;
  }
  const schema = Object.hasOwn(schemas.methods, method) ? schemas.methods[method] : undefined;
  const result = schema?.safeParse(checked);
  if (!result || result.success) return undefined;
  return `Invalid params for ${method}: ${issueLines(result.error.issues).join('; ')}.`;
}

/**
 * The SDK's zod messages, one per field and at most five, rather than its JSON dump of them all.
 * A field that fits none of a union's shapes reports each shape's issue under the same path, or
 * only zod's bare "Invalid input".
 */
function issueLines(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): string[] {
  const lines = new Map<string, string>();
  for (const issue of issues) {
    const at = issue.path.map(String).join('.') || 'message';
    if (lines.has(at)) continue;
    lines.set(at, `${at}: ${issue.message === 'Invalid input' ? 'Invalid input: it fits none of the forms this field takes' : issue.message}`);
    if (lines.size === 5) break;
  }
  return [...lines.values()];
}

const isRequestId = (id: unknown): id is RequestId => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

export interface Screened {
  /** The body to hand the SDK: a request screened out keeps its params only when the SDK would take them as a request's. */
  body: unknown;
  /** The -32602 error (with the reason) each malformed request is answered, by its id. */
  malformed: Malformed;
}

/**
 * Checks the params of every request in a body (one message or a batch) before the SDK sees them,
 * on every revision. The SDK would refuse params that do not fit as an internal error (-32603)
 * carrying its schema dump, and params that are not an object (or whose `_meta` is not one) as no
 * JSON-RPC request at all; JSON-RPC calls for -32602 with a reason. The request itself still goes
 * to the SDK, with empty params when it would not take them, so it is refused there for what comes
 * first (an unknown session, a method the revision does not have, a 2026-07-28 request without its
 * envelope or with headers that disagree) and otherwise framed as every answer is (same id, JSON or
 * event stream). The Server then answers it from `malformed` before any handler checks its params
 * (screenedProblem). Notifications are left to the SDK: nothing answers them.
 */
export function screenParams(schemas: RequestSchemas, body: unknown): Screened {
  const malformed: Malformed = new Map();
  const screen = (message: unknown): unknown => {
    const problem = paramsProblem(schemas, message);
    const id = (message as { id?: unknown } | null)?.id;
    if (!problem || !isRequestId(id)) return message;
    malformed.set(id, Object.assign(new Error(problem), { code: INVALID_PARAMS }));
    return schemas.request.safeParse(message).success ? message : { ...(message as Record<string, unknown>), params: {} };
  };
  return { body: Array.isArray(body) ? body.map(screen) : screen(body), malformed };
}

/**
 * The -32602 error a Server answers for the request it serves (by id) when the endpoint screened
 * it out. The endpoint hands the screened requests to the Server with the request's call
 * (`authInfo.extra.call`, see mcp-http.ts).
 */
export function screenedProblem(ctx: { http?: { authInfo?: { extra?: Record<string, unknown> } } }, id: RequestId): (Error & { code: number }) | undefined {
  const call = ctx.http?.authInfo?.extra?.call as { malformed?: Malformed } | undefined;
  return call?.malformed?.get(id);
}
