import fc from 'fast-check';

import type { DocOperation, DocParameter, JsonSchema } from './document-operations.js';
import { invalidCandidates } from './invalid-values.js';
import { type ByteSamples, keepsGlobalRules, validValue } from './schema-arbitrary.js';
import type { SchemaValidator } from './schema-validator.js';

export type Credential = 'anonymous' | 'apiKey';
export type Intent = 'valid' | 'invalid';

export interface PlannedRequest {
  op: DocOperation;
  credential: Credential;
  intent: Intent;
  /** For an invalid request: the one part that breaks the document, and how. */
  spoiled?: string;
  method: string;
  /** Path and query, encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** A fresh Idempotency-Key is added when the request is sent, as the document asks of every write. */
  freshIdempotencyKey: boolean;
}

export interface PlanContext {
  validator: SchemaValidator;
  samples: ByteSamples;
  /** Raw bodies for a media type the schema only names (a PNG, a JPEG); other types get random bytes. */
  rawSamples: Readonly<Record<string, Buffer>>;
  /** Real values for a path parameter of this path (a job's id), tried beside generated ones. */
  knownValues: (path: string, param: string) => readonly string[];
}

/** The header every write takes; its value is made at send time, never drawn from the document. */
const IDEMPOTENCY_KEY = 'idempotency-key';
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

interface Draw {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  mediaType?: string;
  body?: unknown;
}

/** The schema of a parameter with `null` taken out: what a text value on the wire is read as. */
function primaryType(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return (schema.type as string[]).find((t) => t !== 'null');
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branch = (schema[union] as JsonSchema[] | undefined)?.find((b) => b.type !== 'null');
    if (branch) return primaryType(branch);
  }
  if (Array.isArray(schema.enum)) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  return undefined;
}

/** A typed value as the text a URL or header carries; undefined when it has none (null, an object). */
function wireText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** What a tool reading the document takes a text value to be: numbers and booleans from their text. */
export function typedFromWire(schema: JsonSchema, text: string | string[]): unknown {
  const type = primaryType(schema);
  if (type === 'array') {
    const items = Array.isArray(text) ? text : [text];
    return items.map((t) => typedFromWire((schema.items ?? {}) as JsonSchema, t));
  }
  const single = Array.isArray(text) ? text[text.length - 1]! : text;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(single)) return Number(single);
  if (type === 'boolean' && (single === 'true' || single === 'false')) return single === 'true';
  return single;
}

function paramWire(param: DocParameter, value: unknown): string | string[] | undefined {
  if (Array.isArray(value)) {
    const items = value.map(wireText);
    return items.every((t): t is string => t !== undefined) && items.length ? items : undefined;
  }
  return wireText(value);
}

/** What HTTP can carry in a header value (fetch refuses the rest); not a rule of the document. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

function paramValid(ctx: PlanContext, param: DocParameter, wire: string | string[] | undefined): boolean {
  if (wire === undefined) return !param.required;
  if (param.in === 'path' && (wire === '' || Array.isArray(wire))) return false;
  if (param.in === 'header' && (Array.isArray(wire) || !HEADER_VALUE.test(wire))) return false;
  return ctx.validator.check(param.schema, typedFromWire(param.schema, wire)).valid;
}

function paramArbitrary(ctx: PlanContext, op: DocOperation, param: DocParameter): fc.Arbitrary<unknown> {
  const generated = validValue(param.schema, ctx.samples);
  const known = param.in === 'path' ? ctx.knownValues(op.path, param.name) : [];
  return known.length ? fc.oneof(fc.constantFrom(...known), generated) : generated;
}

function bodyMediaTypes(op: DocOperation): string[] {
  return Object.keys(op.body?.content ?? {});
}

/** One arbitrary for a whole request's inputs: every parameter and the body, drawn from their schemas. */
function drawArbitrary(ctx: PlanContext, op: DocOperation): fc.Arbitrary<Draw> {
  const params = (where: DocParameter['in']) => op.parameters.filter((p) => p.in === where && p.name.toLowerCase() !== IDEMPOTENCY_KEY);
  const record = (where: DocParameter['in']) => {
    const list = params(where);
    return fc.record(Object.fromEntries(list.map((p) => [p.name, paramArbitrary(ctx, op, p)])), {
      requiredKeys: list.filter((p) => p.required).map((p) => p.name),
    }) as fc.Arbitrary<Record<string, unknown>>;
  };
  const types = bodyMediaTypes(op);
  const body: fc.Arbitrary<{ mediaType?: string; body?: unknown }> = types.length
    ? fc.constantFrom(...types).chain((mediaType) => {
        const schema = op.body!.content[mediaType];
        if (mediaType === JSON_TYPE || mediaType === FORM_TYPE) {
          return validValue(schema ?? { type: 'object' }, ctx.samples).map((value) => ({ mediaType, body: value }));
        }
        const sample = ctx.rawSamples[mediaType];
        return (sample ? fc.constant(sample) : fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b))).map((bytes) => ({
          mediaType,
          body: bytes,
        }));
      })
    : fc.constant({});
  const optionalBody = op.body && !op.body.required ? fc.oneof(body, fc.constant({})) : body;
  return fc
    .record({ path: record('path'), query: record('query'), headers: record('header'), rest: optionalBody })
    .map(({ path, query, headers, rest }) => ({ path, query, headers, ...rest }));
}

/** Whether every part of a draw is what the document allows. */
function drawValid(ctx: PlanContext, op: DocOperation, draw: Draw): boolean {
  for (const param of op.parameters) {
    if (param.name.toLowerCase() === IDEMPOTENCY_KEY) continue;
    const source = param.in === 'path' ? draw.path : param.in === 'query' ? draw.query : param.in === 'header' ? draw.headers : undefined;
    if (!source) continue;
    if (!paramValid(ctx, param, paramWire(param, source[param.name]))) return false;
  }
  if (draw.mediaType === JSON_TYPE || draw.mediaType === FORM_TYPE) {
    const schema = op.body!.content[draw.mediaType];
    if (!keepsGlobalRules(draw.body)) return false;
    if (schema && !ctx.validator.check(schema, draw.body).valid) return false;
  }
  return [draw.path, draw.query, draw.headers].every(keepsGlobalRules);
}

function encode(op: DocOperation, draw: Draw): { url: string; headers: Record<string, string>; body?: string | Buffer } {
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(wireText(draw.path[name]) ?? ''));
  const query: string[] = [];
  for (const param of op.parameters.filter((p) => p.in === 'query')) {
    const wire = paramWire(param, draw.query[param.name]);
    if (wire === undefined) continue;
    const values = Array.isArray(wire) ? (param.explode ? wire : [wire.join(',')]) : [wire];
    for (const v of values) query.push(`${encodeURIComponent(param.name)}=${encodeURIComponent(v)}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(draw.headers)) {
    const text = wireText(value);
    if (text !== undefined) headers[name] = text;
  }
  let body: string | Buffer | undefined;
  if (draw.mediaType) {
    headers['content-type'] = draw.mediaType;
    if (draw.mediaType === JSON_TYPE) body = JSON.stringify(draw.body);
    else if (draw.mediaType === FORM_TYPE) {
      body = new URLSearchParams(
        Object.entries((draw.body ?? {}) as Record<string, unknown>).flatMap(([k, v]): Array<[string, string]> =>
          wireText(v) === undefined ? [] : [[k, wireText(v)!]],
        ),
      ).toString();
    } else body = draw.body as Buffer;
  }
  return { url: query.length ? `${url}?${query.join('&')}` : url, headers, ...(body !== undefined ? { body } : {}) };
}

function takesIdempotencyKey(op: DocOperation): boolean {
  return op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_KEY);
}

/** A stable number per operation, so adding an operation never changes what another one is sent. */
function seedFor(base: number, key: string): number {
  let h = base | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Up to `count` draws the document allows, from a fixed seed. */
function validDraws(ctx: PlanContext, op: DocOperation, count: number, seed: number): Draw[] {
  const drawn = fc.sample(drawArbitrary(ctx, op), { seed, numRuns: count * 8 });
  return drawn.filter((d) => drawValid(ctx, op, d)).slice(0, count);
}

interface Spoiler {
  label: string;
  apply: (draw: Draw) => Draw | undefined;
}

/** Every way to make one part of a valid draw break the document, each confirmed with ajv. */
function spoilers(ctx: PlanContext, op: DocOperation, base: Draw): Spoiler[] {
  const out: Spoiler[] = [];
  for (const param of op.parameters) {
    if (param.in === 'cookie') continue;
    const where = param.in === 'path' ? 'path' : param.in === 'query' ? 'query' : 'headers';
    if (param.name.toLowerCase() === IDEMPOTENCY_KEY) {
      for (const bad of [' ', 'x'.repeat(256)]) {
        out.push({ label: `header ${param.name}=${JSON.stringify(bad.slice(0, 12))}`, apply: (d) => ({ ...d, headers: { ...d.headers, [param.name]: bad } }) });
      }
      continue;
    }
    if (param.required && param.in !== 'path') {
      out.push({
        label: `${param.in} ${param.name} missing`,
        apply: (d) => {
          const { [param.name]: _gone, ...rest } = d[where];
          return { ...d, [where]: rest };
        },
      });
    }
    for (const candidate of invalidCandidates(param.schema, base[where][param.name])) {
      const wire = paramWire(param, candidate);
      if (wire === undefined || paramValid(ctx, param, wire)) continue;
      if (param.in === 'path' && (wire === '' || Array.isArray(wire))) continue;
      if (param.in === 'header' && (Array.isArray(wire) || !HEADER_VALUE.test(wire))) continue;
      out.push({
        label: `${param.in} ${param.name}=${JSON.stringify(wire).slice(0, 40)}`,
        apply: (d) => ({ ...d, [where]: { ...d[where], [param.name]: candidate } }),
      });
    }
  }
  const type = base.mediaType;
  if (type === JSON_TYPE || type === FORM_TYPE) {
    const schema = op.body!.content[type] ?? {};
    const body = base.body;
    const bodyInvalid = (b: unknown) => !ctx.validator.check(schema, b).valid;
    for (const candidate of invalidCandidates(schema, body)) {
      if (type === FORM_TYPE && (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate))) continue;
      if (bodyInvalid(candidate)) out.push({ label: `body ${JSON.stringify(candidate).slice(0, 50)}`, apply: (d) => ({ ...d, body: candidate }) });
    }
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [name, propSchema] of Object.entries(props)) {
        for (const candidate of invalidCandidates(propSchema, (body as Record<string, unknown>)[name])) {
          const spoiled = { ...(body as Record<string, unknown>), [name]: candidate };
          if (type === FORM_TYPE && wireText(candidate) === undefined) continue;
          if (bodyInvalid(spoiled)) out.push({ label: `body ${name}=${JSON.stringify(candidate).slice(0, 40)}`, apply: (d) => ({ ...d, body: spoiled }) });
        }
      }
    }
  } else if (type) {
    out.push({
      label: 'body of an undeclared media type (text/plain)',
      apply: (d) => ({ ...d, mediaType: 'text/plain', body: Buffer.from('not one of the declared types') }),
    });
  }
  return out;
}

export interface PlanCounts {
  valid: number;
  invalid: number;
}

/**
 * The requests for one operation and credential: `counts.valid` draws the document allows and
 * `counts.invalid` that each break exactly one of its rules (chosen by fast-check from every
 * spoiler of a valid draw), all from a seed fixed per operation.
 */
export function planRequests(ctx: PlanContext, op: DocOperation, credential: Credential, counts: PlanCounts, baseSeed: number): PlannedRequest[] {
  const seed = seedFor(baseSeed, `${credential} ${op.key}`);
  const valid = validDraws(ctx, op, Math.max(counts.valid, 1), seed);
  const out: PlannedRequest[] = [];
  const fresh = takesIdempotencyKey(op);
  const push = (intent: Intent, draw: Draw, spoiled?: string) => {
    const { url, headers, body } = encode(op, draw);
    out.push({
      op,
      credential,
      intent,
      method: op.method,
      url,
      headers,
      freshIdempotencyKey: fresh && !spoiled?.startsWith('header Idempotency-Key'),
      ...(body !== undefined ? { body } : {}),
      ...(spoiled ? { spoiled } : {}),
    });
  };
  for (const draw of valid.slice(0, counts.valid)) push('valid', draw);
  if (!valid.length || !counts.invalid) return out;
  const choices = valid.map((draw) => ({ draw, spoilers: spoilers(ctx, op, draw) })).filter((c) => c.spoilers.length);
  if (!choices.length) return out;
  const picks = fc.sample(fc.tuple(fc.nat(choices.length - 1), fc.nat()), { seed: seed ^ 0x5bd1e995, numRuns: counts.invalid });
  const seen = new Set<string>();
  for (const [which, n] of picks) {
    const choice = choices[which]!;
    const spoiler = choice.spoilers[n % choice.spoilers.length]!;
    if (seen.has(spoiler.label)) continue;
    seen.add(spoiler.label);
    const spoiled = spoiler.apply(choice.draw);
    if (spoiled) push('invalid', spoiled, spoiler.label);
  }
  return out;
}
