import { catalogue, openAccess, type Operation, operatorCreateApiKey, snakeCase } from '@marketplace/contracts';
import { api, createMember, mcpAccessToken, randomClientIp, type TestMember, withOperatorBus } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';

/**
 * No input, however malformed, is answered with a 5xx. Generated from the catalogue, so a
 * new operation or field is covered without touching this file: every operation on REST (its route,
 * each field where the contract puts it: path, query or body) and over MCP (tools/call with a real
 * OAuth token); every field given wrong types, NUL bytes, lone surrogates, invalid percent-encodings,
 * 100,000-character strings, 10,000-item arrays and 10,000-level nesting; every route also gets wrong
 * content types, broken and oversize bodies, and the methods it does not serve.
 *
 * A request fails the test when it answers 5xx, or an error (4xx) without a JSON `{error}` body;
 * over MCP also a JSON-RPC -32603 (internal error) or a tool error whose status is 5xx.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

/** Requests in flight at once: enough to keep a 2-core machine busy, not so many that it thrashes. */
const CONCURRENCY = 8;
/** Requests one API key sends, under its 120 per minute, so the key limit never hides a handler. */
const USES_PER_KEY = 100;
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const LONG = 'x'.repeat(100_000);
const DEPTH = 10_000;
/** The contract's limit for JSON bodies (413 above it). */
const BODY_LIMIT = 2_097_152;

/** JSON text sent as is: values JSON.stringify cannot produce (it overflows the stack a few thousand levels down). */
class RawJson {
  constructor(readonly text: string) {}
}
const DEEP_ARRAY = new RawJson(`${'['.repeat(DEPTH)}"x"${']'.repeat(DEPTH)}`);
const DEEP_OBJECT = new RawJson(`${'{"a":'.repeat(DEPTH)}"x"${'}'.repeat(DEPTH)}`);

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawJson)) return v;
    raws.push(v.text);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Values of the wrong type for any field. */
const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, 2_147_483_648, 9_007_199_254_740_993, -1e300, '', {}, [], [null], { a: 1 }];
/** Text no field should choke on: what the database cannot store, and what parsers of dates, numbers and addresses trip on. */
const BAD_TEXT: string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udc00b',
  "' OR 1=1 --",
  '%_\\',
  '\u202e\ufeff\u200b',
  LONG,
  '9999-99-99',
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  'NaN',
  '__proto__',
  'https://[::1',
  `${'x'.repeat(64)}@${'y'.repeat(250)}.test`,
];
const BAD_STRUCTURES: unknown[] = [['\ud800'], [LONG], Array.from({ length: 10_000 }, () => 'x'), { '\u0000': '\u0000' }, DEEP_ARRAY, DEEP_OBJECT];

/** Path segments and query values, as sent on the wire (already percent-encoded, or deliberately not). */
const ENCODED_TEXT: string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%',
  '%zz',
  '%E0%A4%A',
  '%FF',
  '%C0%80',
  '%2F',
  '%25',
  '%0A',
  '-1',
  '1.5',
  '1e309',
  '2147483648',
  '9007199254740993',
  'NaN',
  'true',
  '%7B%7D',
  "'%20OR%201%3D1%20--",
  'x'.repeat(3_000),
  'x'.repeat(7_000),
  'x'.repeat(14_000),
];

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

interface Field {
  key: string;
  in: 'path' | 'query' | 'body';
  rest: string;
  mcp: string;
  schema: JsonSchema;
  required: boolean;
}

/** Where the contract puts each input field (the same rules as surface-parity and OpenAPI read). */
function fieldsOf(op: Operation): Field[] {
  const json = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const sources = (op.rest?.fields ?? {}) as Record<string, { in: string; name?: string } | undefined>;
  const renamed = (op.mcp?.args ?? {}) as Record<string, string | undefined>;
  const pathParams = new Set([...(op.rest?.path ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const method = op.rest?.method ?? 'POST';
  return Object.keys(op.input.shape)
    .filter((key) => sources[key]?.in !== 'request')
    .map((key) => {
      const rest = sources[key]?.name ?? key;
      const where = (sources[key]?.in ?? (pathParams.has(rest) ? 'path' : method === 'GET' || method === 'DELETE' ? 'query' : 'body')) as Field['in'];
      return {
        key,
        in: where,
        rest,
        mcp: renamed[key] ?? snakeCase(key),
        schema: json.properties?.[key] ?? {},
        required: (json.required ?? []).includes(key),
      };
    });
}

const isArray = (s: JsonSchema): boolean => s.type === 'array' || !!s.anyOf?.some(isArray);

/** Every bad JSON value for one field: of each kind above, and inside the array when it is one. */
function badJsonValues(field: Field): unknown[] {
  const values = [...WRONG_TYPES, ...BAD_TEXT, ...BAD_STRUCTURES];
  if (isArray(field.schema)) values.push(...WRONG_TYPES.map((v) => [v]), ...BAD_TEXT.map((v) => [v]), ['ok', '\u0000']);
  return values;
}

interface Fixtures {
  member: TestMember;
  jobId: string;
  applicationId: string;
  commentId: string;
}

/** A real id where the operation takes one, so a bad value in another field gets past the lookup. */
function idFor(op: Operation, key: string, fx: Fixtures): string {
  const path = op.rest?.path ?? '';
  if (key === 'applicationId') return fx.applicationId;
  if (key === 'parentId') return fx.commentId;
  if (key !== 'id') return ANY_ID;
  if (/^\/api\/comments\//.test(path)) return fx.commentId;
  if (/applications\/\{id\}/.test(path)) return fx.applicationId;
  if (/^\/api\/members\//.test(path)) return fx.member.id;
  if (/jobs\/\{id\}/.test(path)) return fx.jobId;
  return ANY_ID;
}

/** A plausible value for a required field, so that a case fails only on the field it spoils. */
function sample(op: Operation, field: Field, fx: Fixtures): unknown {
  const s = field.schema;
  // Never the exact confirmation: no case may delete the member everything else runs as.
  if (op.name === 'deleteMyAccount') return 'keep my account';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const first = s.anyOf?.find((a) => a.type !== 'null') ?? s;
  switch (first.type) {
    case 'integer':
    case 'number':
      return first.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
  }
  if (first.enum?.length) return first.enum[0];
  if (/(^|[a-z])(id|Id)$/.test(field.key)) return idFor(op, field.key, fx);
  if (first.format === 'email' || /email/i.test(field.key)) return 'bad-input@example.test';
  if (/url/i.test(field.key)) return 'https://example.test/in/bad-input';
  return 'Bad input check';
}

interface Request {
  label: string;
  surface: 'rest' | 'mcp';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** For REST routes that need a member: the pool hands out a key. */
  signedIn?: boolean;
  /**
   * Sent one at a time: uploads. The local object store (s3rver) removes a directory once it is
   * empty, and a concurrent upload into it then fails inside the test process itself.
   */
  serial?: boolean;
  /** The contract answers this route 503 whatever is sent (POST /api/candidate/verification: no provider). */
  unavailableByContract?: boolean;
}

/** Operations the contract has answer 503 to every well-formed call; bad input must still get a 4xx or that 503. */
const UNAVAILABLE_BY_CONTRACT = new Set(['startCandidateVerification']);

/** The route's path with path fields filled in (already encoded). */
function concretePath(op: Operation, values: Record<string, string>): string {
  return op.rest!.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? encodeURIComponent(ANY_ID));
}

function restCases(op: Operation, fx: Fixtures): Request[] {
  const rest = op.rest!;
  const fields = fieldsOf(op);
  const signedIn = !openAccess(rest.access ?? op.access);
  const out: Request[] = [];
  const baseline = (): { path: Record<string, string>; query: Record<string, string>; body: Record<string, unknown> } => {
    const b = { path: {} as Record<string, string>, query: {} as Record<string, string>, body: {} as Record<string, unknown> };
    for (const f of fields) {
      if (f.in === 'path') b.path[f.rest] = encodeURIComponent(String(sample(op, f, fx)));
      else if (!f.required) continue;
      else if (f.in === 'query') b.query[f.rest] = encodeURIComponent(String(sample(op, f, fx)));
      else b.body[f.rest] = sample(op, f, fx);
    }
    return b;
  };
  const send = (
    label: string,
    parts: {
      path: Record<string, string>;
      query: Record<string, string> | string;
      body?: unknown;
      raw?: string | Buffer;
      headers?: Record<string, string | null>;
    },
  ) => {
    const query =
      typeof parts.query === 'string'
        ? parts.query
        : Object.entries(parts.query)
            .map(([k, v]) => `${k}=${v}`)
            .join('&');
    const hasBody = parts.raw !== undefined || parts.body !== undefined;
    out.push({
      label: `${rest.method} ${rest.path} ${label}`,
      surface: 'rest',
      method: rest.method,
      signedIn,
      serial: !!rest.upload,
      unavailableByContract: UNAVAILABLE_BY_CONTRACT.has(op.name),
      path: `${concretePath(op, parts.path)}${query ? `?${query}` : ''}`,
      headers: Object.fromEntries(
        Object.entries({ ...(hasBody ? { 'content-type': 'application/json' } : {}), ...parts.headers }).filter((e): e is [string, string] => e[1] !== null),
      ),
      ...(hasBody ? { body: parts.raw ?? toJson(parts.body) } : {}),
    });
  };
  const withBody = rest.method !== 'GET' && rest.method !== 'DELETE' && !rest.upload;

  for (const f of fields) {
    if (f.in === 'path') {
      for (const v of ENCODED_TEXT) {
        const b = baseline();
        send(`path ${f.rest}=${v.slice(0, 20)}`, { path: { ...b.path, [f.rest]: v }, query: b.query, ...(withBody ? { body: b.body } : {}) });
      }
    } else if (f.in === 'query') {
      const b = baseline();
      const others = Object.entries(b.query)
        .filter(([k]) => k !== f.rest)
        .map(([k, v]) => `${k}=${v}`);
      const variants = [
        ...ENCODED_TEXT.map((v) => `${f.rest}=${v}`),
        `${f.rest}=a&${f.rest}=b`,
        `${f.rest}[]=x`,
        `${f.rest}[a]=1`,
        `${f.rest}=%00&${f.rest}=%ED%A0%80`,
        f.rest,
        `${f.rest}=a,%00,`,
      ];
      for (const v of variants) send(`query ${v.slice(0, 40)}`, { path: b.path, query: [...others, v].join('&') });
    } else if (!rest.upload || f.key !== rest.upload.field) {
      for (const v of badJsonValues(f)) {
        const b = baseline();
        send(`body ${f.rest}=${toJson(v).slice(0, 30)}`, { path: b.path, query: b.query, body: { ...b.body, [f.rest]: v } });
      }
    }
  }

  // Whole requests: unknown query parameters, bodies that are not what the route takes, other methods.
  const b = baseline();
  send('unknown query parameters', { path: b.path, query: '%00=%00&__proto__=1&constructor=x&%ED%A0%80=%zz&a[b][c]=1' });
  // Over the server's 16 KiB limit for the request line and headers.
  send('100,000-character query', { path: b.path, query: `q=${LONG}` });
  if (withBody) {
    const json = toJson(b.body);
    // A header given as null is left out (a body with no Content-Type at all).
    const rawBodies: Array<[string, string | Buffer, Record<string, string | null>?]> = [
      ['text/plain body', json, { 'content-type': 'text/plain' }],
      ['form body', 'a=b&c=%00', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['multipart body', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', { 'content-type': 'multipart/form-data; boundary=x' }],
      ['no content type', json, { 'content-type': null }],
      ['bogus content type', json, { 'content-type': 'application/%%%; charset=""' }],
      ['utf-16 charset', json, { 'content-type': 'application/json; charset=utf-16' }],
      ['gzip that is not gzip', json, { 'content-encoding': 'gzip' }],
      ['invalid JSON', '{"a":'],
      ['empty JSON body', ''],
      ['JSON array', '[]'],
      ['JSON string', '"\\u0000"'],
      ['JSON null', 'null'],
      ['JSON number', '1e999'],
      ['__proto__ key', '{"__proto__":{"admin":true}}'],
      ['constructor.prototype key', '{"constructor":{"prototype":{"admin":true}}}'],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
      ['NUL outside strings', '{"a":1}\u0000'],
      ['deep array body', DEEP_ARRAY.text],
      ['deep object body', DEEP_OBJECT.text],
      ['unknown deep field', `{"nested":${DEEP_ARRAY.text}}`],
      ['body over the limit', `{"a":"${'x'.repeat(BODY_LIMIT + 10)}"}`],
    ];
    for (const [label, raw, headers = {}] of rawBodies) {
      send(label, { path: b.path, query: b.query, raw, headers });
    }
  }
  if (rest.method === 'DELETE') send('DELETE with a broken body', { path: b.path, query: b.query, raw: '{"a":' });
  if (rest.upload) {
    const upload = rest.upload;
    send('upload: wrong type', { path: b.path, query: b.query, raw: 'not an image', headers: { 'content-type': 'text/plain' } });
    send('upload: garbage bytes', { path: b.path, query: b.query, raw: Buffer.from([0, 1, 2, 0xff]), headers: { 'content-type': upload.contentTypes[0]! } });
    send('upload: empty', { path: b.path, query: b.query, raw: '', headers: { 'content-type': upload.contentTypes[0]! } });
    send('upload: over its limit', {
      path: b.path,
      query: b.query,
      raw: Buffer.alloc(upload.maxBytes + 1),
      headers: { 'content-type': upload.contentTypes[0]! },
    });
    if (upload.base64InJson) {
      for (const v of [...WRONG_TYPES, ...BAD_TEXT, ...BAD_STRUCTURES, '!!!!', 'AAAA']) {
        send(`upload: base64 ${toJson(v).slice(0, 30)}`, { path: b.path, query: b.query, body: { [upload.field]: v } });
      }
    }
  }
  return out;
}

/** Methods a path does not serve: 405 with Allow and an error body. */
function wrongMethodCases(): Request[] {
  const served = new Map<string, Set<string>>();
  for (const op of catalogue) {
    if (!op.rest || op.access === 'internal') continue;
    served.set(op.rest.path, (served.get(op.rest.path) ?? new Set()).add(op.rest.method));
  }
  const out: Request[] = [];
  for (const [path, methods] of served) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      if (methods.has(method)) continue;
      out.push({ label: `${method} ${path} (not served)`, surface: 'rest', method, path: path.replace(/\{\w+\}/g, ANY_ID), headers: {}, signedIn: true });
    }
  }
  return out;
}

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};
let rpcId = 0;

function rpc(label: string, message: unknown, token: string, headers: Record<string, string> = {}): Request {
  return {
    label: `mcp ${label}`,
    surface: 'mcp',
    method: 'POST',
    path: '/api/mcp',
    headers: { ...MCP_HEADERS, authorization: `Bearer ${token}`, ...headers },
    body: typeof message === 'string' ? message : toJson(message),
  };
}

function call(name: unknown, args: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id: ++rpcId, method: 'tools/call', params: { name, arguments: args } };
}

function mcpCases(op: Operation, fx: Fixtures, token: string, withCommonArgs: boolean): Request[] {
  const tool = op.mcp!.tool;
  const fields = fieldsOf(op);
  const baseline = Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.mcp, sample(op, f, fx)]));
  const out: Request[] = [];
  const argNames = [...fields.map((f) => ({ name: f.mcp, field: f as Field | undefined }))];
  if (withCommonArgs) for (const name of ['conversation_id', 'context', 'llm_model']) argNames.push({ name, field: undefined });
  for (const { name, field } of argNames) {
    const values = field ? badJsonValues(field) : [...WRONG_TYPES, ...BAD_TEXT, ...BAD_STRUCTURES];
    for (const v of values) out.push(rpc(`${tool} ${name}=${toJson(v).slice(0, 30)}`, call(tool, { ...baseline, [name]: v }), token));
  }
  // The call itself malformed: arguments of the wrong type, an unknown argument with bad values.
  for (const args of [null, 42, 'x', true, [], [baseline], DEEP_ARRAY]) {
    out.push(rpc(`${tool} arguments=${toJson(args).slice(0, 30)}`, call(tool, args), token));
  }
  for (const v of ['\u0000', '\ud800', LONG, DEEP_OBJECT]) {
    out.push(rpc(`${tool} unknown argument ${toJson(v).slice(0, 20)}`, call(tool, { ...baseline, '\u0000\ud800': v }), token));
  }
  return out;
}

/**
 * JSON-RPC itself malformed: tools/call params, other methods' params, bodies. The contract takes
 * one message per POST; an array (a JSON-RPC batch) is one more body that is not that, so it is
 * judged like the others (no server error, an error body that keeps the contract) and never
 * required to be answered as a batch.
 */
function mcpProtocolCases(token: string): Request[] {
  const id = () => ++rpcId;
  const messages: Array<[string, unknown]> = [
    ['tools/call without params', { jsonrpc: '2.0', id: id(), method: 'tools/call' }],
    ['tools/call params null', { jsonrpc: '2.0', id: id(), method: 'tools/call', params: null }],
    ['tools/call params array', { jsonrpc: '2.0', id: id(), method: 'tools/call', params: ['get_job'] }],
    ['tools/call params number', { jsonrpc: '2.0', id: id(), method: 'tools/call', params: 42 }],
    ...[42, null, true, {}, [], { toString: 1 }, { toString: 'x' }, '', '\u0000', '\ud800', LONG, DEEP_ARRAY, 'constructor', '__proto__', 'toString'].map(
      (name): [string, unknown] => [`tools/call name=${toJson(name).slice(0, 30)}`, call(name, {})],
    ),
    ['tools/call arguments null', call('list_my_jobs', null)],
    ['tools/call _meta not an object', { jsonrpc: '2.0', id: id(), method: 'tools/call', params: { name: 'list_my_jobs', arguments: {}, _meta: 5 } }],
    ['tools/call task not an object', { jsonrpc: '2.0', id: id(), method: 'tools/call', params: { name: 'list_my_jobs', arguments: {}, task: 'x' } }],
    ['tools/list params number', { jsonrpc: '2.0', id: id(), method: 'tools/list', params: 5 }],
    ['tools/list cursor object', { jsonrpc: '2.0', id: id(), method: 'tools/list', params: { cursor: {} } }],
    ['initialize without params', { jsonrpc: '2.0', id: id(), method: 'initialize' }],
    ['initialize params wrong', { jsonrpc: '2.0', id: id(), method: 'initialize', params: { protocolVersion: 5, capabilities: [], clientInfo: null } }],
    ['ping params array', { jsonrpc: '2.0', id: id(), method: 'ping', params: [] }],
    ['unknown method', { jsonrpc: '2.0', id: id(), method: 'no/such', params: {} }],
    ['method not a string', { jsonrpc: '2.0', id: id(), method: 42 }],
    ['id an object', { jsonrpc: '2.0', id: {}, method: 'ping' }],
    ['no jsonrpc', { id: id(), method: 'ping' }],
    ['a notification tools/call', { jsonrpc: '2.0', method: 'tools/call', params: { name: {} } }],
    ['batch with a malformed call', [call('list_my_jobs', {}), call({ toString: 1 }, null), { jsonrpc: '2.0', id: id(), method: 'ping' }]],
    ['batch of malformed calls', [call(42, 42), { jsonrpc: '2.0', id: id(), method: 'tools/call' }]],
    ['empty batch', []],
    ['body null', null],
    ['body a string', '"\\u0000"'],
    ['body deep', DEEP_ARRAY.text],
    ['body invalid JSON', '{"jsonrpc":'],
    ['body over the limit', `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":"${'x'.repeat(BODY_LIMIT + 10)}"}}`],
  ];
  const out = messages.map(([label, m]) => rpc(label, m, token));
  out.push(rpc('text/plain body', call('list_my_jobs', {}), token, { 'content-type': 'text/plain' }));
  out.push(rpc('form body', 'a=b', token, { 'content-type': 'application/x-www-form-urlencoded' }));
  out.push(rpc('accepts nothing usable', call('list_my_jobs', {}), token, { accept: 'text/html' }));
  out.push(rpc('unknown protocol version', call('list_my_jobs', {}), token, { 'mcp-protocol-version': '\u00ff' }));
  return out;
}

interface Failure {
  label: string;
  status: number | string;
  body: string;
}

/** The verdicts below that mean the server failed (the rest: answers that break the error-body contract). */
const SERVER_ERROR_VERDICTS = / → (server error|JSON-RPC internal error|tool error status)/;

/** What makes an answer a failure; null when the answer is acceptable. */
function judge(req: Request, status: number, contentType: string, text: string): string | null {
  if (status === 503 && req.unavailableByContract) return null;
  if (status >= 500) return 'server error';
  let body: any;
  const isJson = /^application\/json/.test(contentType);
  if (status >= 400) {
    if (req.method === 'HEAD') return null;
    if (!isJson) return 'error without a JSON body';
    try {
      body = JSON.parse(text);
    } catch {
      return 'error body is not JSON';
    }
    if (req.surface === 'rest' && typeof body?.error !== 'string') return 'error body without {error}';
    if (req.surface === 'mcp' && typeof body?.error !== 'string' && typeof body?.error?.message !== 'string') return 'error body without error';
    return null;
  }
  if (req.surface !== 'mcp' || !text) return null;
  try {
    body = JSON.parse(text);
  } catch {
    return 'MCP answer is not JSON';
  }
  for (const message of Array.isArray(body) ? body : [body]) {
    if (message?.error?.code === -32603) return 'JSON-RPC internal error';
    const result = message?.result;
    if (!result?.isError) continue;
    try {
      const error = JSON.parse(String(result.content?.[0]?.text).split('\n\n')[0]!);
      if (typeof error.status !== 'number' || error.status >= 500) return `tool error status ${error.status}`;
    } catch {
      return 'tool error is not JSON';
    }
  }
  return null;
}

/**
 * One send, repeated once only when the connection was reset before any answer: a pooled
 * keep-alive socket can be closed by either side at the moment it is reused, which says nothing
 * about how the gateway treats the input. A second reset is reported as a failure.
 */
async function sendOnce(req: Request, headers: Record<string, string>): Promise<Response> {
  const send = () =>
    fetch(`${base}${req.path}`, {
      method: req.method,
      headers,
      body: typeof req.body === 'object' ? new Uint8Array(req.body) : req.body,
      signal: AbortSignal.timeout(20_000),
    });
  try {
    return await send();
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw err;
    return send();
  }
}

interface Tally {
  failures: Failure[];
  statuses: Map<number | string, number>;
  keyUses: number;
}

async function runAll(requests: Request[], keys: string[], concurrency: number, tally: Tally): Promise<void> {
  const { failures, statuses } = tally;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++]!;
      const headers: Record<string, string> = { 'x-forwarded-for': randomClientIp(), ...req.headers };
      if (req.surface === 'rest' && req.signedIn) {
        headers.authorization = `Bearer ${keys[Math.floor(tally.keyUses++ / USES_PER_KEY) % keys.length]}`;
      }
      let status: number | string;
      let verdict: string | null;
      let text = '';
      try {
        const res = await sendOnce(req, headers);
        status = res.status;
        text = await res.text();
        verdict = judge(req, res.status, res.headers.get('content-type') ?? '', text);
      } catch (err) {
        const cause = (err as { cause?: { message?: string } }).cause;
        status = `network: ${cause?.message ?? (err as Error).message}`;
        verdict = 'no answer';
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (verdict) failures.push({ label: `${req.label} → ${verdict}`, status, body: text.slice(0, 300) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

describe('no bad input is answered with a server error', () => {
  let fx: Fixtures;
  let keys: string[];
  let token: string;
  /**
   * For the tests after the big walk: that walk may use up its token's per-minute MCP limit (a
   * 429 there is no server error), so later checks use another member's connection.
   */
  let lateToken: string;

  beforeAll(async () => {
    const [member, applicant] = await Promise.all([createMember(nats), createMember(nats)]);
    const job = await api(base, '/api/me/jobs', {
      key: member.key,
      body: { title: 'Bad input target', category: 'data', constraints: 'Deduplicate rows in a CSV.' },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const jobId = job.body.id as string;
    const [application, comment] = await Promise.all([
      api(base, `/api/jobs/${jobId}/applications`, { key: applicant.key, body: { pitch: 'I can do this.', acceptResponsibility: true, model: 'unknown' } }),
      api(base, `/api/jobs/${jobId}/comments`, { key: member.key, body: { body: 'A question about the rows.' } }),
    ]);
    expect(application.status, JSON.stringify(application.body)).toBe(201);
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    fx = { member, jobId, applicationId: application.body.id, commentId: comment.body.id };
    token = await mcpAccessToken(base, mailDir, member);
    lateToken = await mcpAccessToken(base, mailDir, applicant);
    // Enough keys that none passes its per-minute limit: a 429 would hide what a handler does.
    keys = [
      member.key,
      ...(await withOperatorBus(nats, (call) =>
        Promise.all(Array.from({ length: 110 }, (_, i) => call(operatorCreateApiKey, { email: member.email, name: `Bad input ${i}` }).then((k) => k.key))),
      )),
    ];
  });

  it('every operation, every field, both surfaces: no 5xx, every error a JSON body', async () => {
    const ops = catalogue.filter((op) => op.access !== 'internal');
    const requests: Request[] = [];
    for (const op of ops) if (op.rest) requests.push(...restCases(op, fx));
    requests.push(...wrongMethodCases());
    let common = 2;
    for (const op of ops) if (op.mcp) requests.push(...mcpCases(op, fx, token, common-- > 0));
    requests.push(...mcpProtocolCases(token));
    const restSignedIn = requests.filter((r) => r.surface === 'rest' && r.signedIn).length;
    expect(restSignedIn, 'more API keys needed').toBeLessThanOrEqual(keys.length * USES_PER_KEY);

    const started = Date.now();
    const tally: Tally = { failures: [], statuses: new Map(), keyUses: 0 };
    await runAll(
      requests.filter((r) => !r.serial),
      keys,
      CONCURRENCY,
      tally,
    );
    await runAll(
      requests.filter((r) => r.serial),
      keys,
      1,
      tally,
    );
    const { failures, statuses } = tally;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const serverErrors = failures.filter((f) => SERVER_ERROR_VERDICTS.test(f.label)).length;
    console.log(
      `bad-input: sent ${requests.length} requests, ${serverErrors} server errors, ${failures.length - serverErrors} other failures (${seconds} s; ${histogram})`,
    );
    expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
  }, 240_000);

  it('refuses NUL and unpaired surrogates in body, query and path with 400 naming the field', async () => {
    // Keys the run above left unused: none is near its per-minute limit.
    const key = keys[keys.length - 1]!;
    const post = await api(base, '/api/me/jobs', { key, body: { title: 'a\u0000b', category: 'data', constraints: 'x' } });
    expect(post.status).toBe(400);
    expect(post.body.fields).toEqual({ title: expect.stringMatching(/NUL/) });
    const worker = await api(base, `/api/me/jobs/${fx.jobId}`, { method: 'PATCH', key, body: { preferredWorkers: ['ok', '\ud800'] } });
    expect(worker.status).toBe(400);
    expect(worker.body.fields).toEqual({ 'preferredWorkers.1': expect.stringMatching(/surrogate/) });
    const search = await api(base, '/api/jobs/search?q=%00');
    expect(search.status).toBe(400);
    expect(Object.keys(search.body.fields)).toEqual(['q']);
    const agent = await api(base, '/api/me/agents/%00', { method: 'DELETE', key });
    expect(agent.status).toBe(400);
    expect(Object.keys(agent.body.fields)).toEqual(['clientId']);
    const deep = await api(base, '/api/me/profile', {
      method: 'PATCH',
      key,
      rawBody: `{"skills":${DEEP_ARRAY.text}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.status).toBe(400);
    expect(Object.values(deep.body.fields)).toEqual([expect.stringMatching(/Nested too deeply/)]);
  });

  it('the same over MCP: a tool error with status 400 naming the argument', async () => {
    const res = await mcpCall(lateToken, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_jobs', arguments: { query: 'a\u0000b' } } });
    const error = JSON.parse(res.body.result.content[0].text.split('\n\n')[0]);
    expect(error).toMatchObject({ status: 400, fields: { query: expect.stringMatching(/NUL/) } });
  });

  it('a URL that is not valid percent-encoded UTF-8 is a 400 with the error body', async () => {
    for (const path of ['/api/jobs/%E0%A4%A', '/api/jobs/%ED%A0%80/details', '/api/jo%zzbs']) {
      const res = await api(base, path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: expect.any(String), code: expect.any(String) });
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('a method a route does not serve is 405 with Allow and an error body', async () => {
    const res = await api(base, '/api/jobs/search', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.body).toEqual({ error: expect.stringMatching(/GET, HEAD/), code: 'method_not_allowed' });
  });

  it('tools/call params that do not fit are JSON-RPC -32602 with a reason, not an internal error', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ name: { toString: 1 }, arguments: {} }, /params\.name must be the name of a tool/],
      [{ name: 42 }, /params\.name/],
      [{ name: 'list_my_jobs', arguments: null }, /params\.arguments must be an object.*not null/],
      [{ name: 'list_my_jobs', arguments: [] }, /not an array/],
      [{ name: 'list_my_jobs', arguments: 7 }, /not a number/],
      [undefined, /tools\/call needs params/],
    ];
    for (const [params, reason] of cases) {
      const res = await mcpCall(lateToken, { jsonrpc: '2.0', id: 9, method: 'tools/call', ...(params === undefined ? {} : { params }) });
      expect(res.status, JSON.stringify(params)).toBe(200);
      expect(res.body, JSON.stringify(params)).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32602, message: expect.stringMatching(reason) } });
    }
  });
});

async function mcpCall(token: string, message: unknown) {
  return api(base, '/api/mcp', {
    method: 'POST',
    rawBody: JSON.stringify(message),
    headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
  });
}
