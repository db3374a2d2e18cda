import fc from 'fast-check';

import { GENERATOR_RULES } from './contract-allow-list.js';
import type { JsonSchema } from './document-operations.js';

/** Characters a generated string may hold beyond its schema's own limits (see GENERATOR_RULES). */
const asciiChar = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const bmpChar = fc
  .integer({ min: 1, max: 0xffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCharCode(c));
const textUnit = fc.oneof({ arbitrary: asciiChar, weight: 3 }, { arbitrary: bmpChar, weight: 1 });

/** Generated strings stay this much above their minimum, so requests stay small; one in five is at its maximum. */
const SPREAD = 24;
const AT_MAXIMUM_UP_TO = 5000;
const MAX_ARRAY_SPREAD = 4;
const MAX_DEPTH = 6;

const INT32 = 2 ** 31 - 1;

/** The bytes behind a `contentEncoding: base64` field: what they must be, a schema cannot say. */
export interface ByteSamples {
  base64: string;
}

/** Strings the document's global rules forbid everywhere (GENERATOR_RULES), dropped from what is generated. */
export function keepsGlobalRules(value: unknown): boolean {
  if (typeof value === 'string') return GENERATOR_RULES.every((rule) => rule.allows(value));
  if (Array.isArray(value)) return value.every(keepsGlobalRules);
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => keepsGlobalRules(k) && keepsGlobalRules(v));
  return true;
}

function num(schema: JsonSchema, key: string): number | undefined {
  const v = schema[key];
  return typeof v === 'number' ? v : undefined;
}

function integers(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = num(schema, 'exclusiveMinimum');
  const exclusiveMax = num(schema, 'exclusiveMaximum');
  const min = Math.ceil(Math.max(num(schema, 'minimum') ?? -Number.MAX_SAFE_INTEGER, exclusiveMin === undefined ? -Infinity : exclusiveMin + 1));
  const max = Math.floor(Math.min(num(schema, 'maximum') ?? Number.MAX_SAFE_INTEGER, exclusiveMax === undefined ? Infinity : exclusiveMax - 1));
  const low = Math.max(min, -INT32);
  const high = Math.min(max, INT32);
  // fast-check's integers are 32-bit; the bounds themselves are tried too.
  const ends = fc.constantFrom(min, max);
  return low <= high ? fc.oneof({ arbitrary: fc.integer({ min: low, max: high }), weight: 4 }, { arbitrary: ends, weight: 1 }) : ends;
}

function numbers(schema: JsonSchema): fc.Arbitrary<number> {
  const min = num(schema, 'minimum') ?? num(schema, 'exclusiveMinimum') ?? -1e9;
  const max = num(schema, 'maximum') ?? num(schema, 'exclusiveMaximum') ?? 1e9;
  return fc.oneof(
    integers(schema),
    fc.double({
      min,
      max,
      noNaN: true,
      noDefaultInfinity: true,
      minExcluded: schema.exclusiveMinimum !== undefined,
      maxExcluded: schema.exclusiveMaximum !== undefined,
    }),
  );
}

function fitsLength(s: string, min: number, max: number): boolean {
  const points = [...s].length;
  return points >= min && points <= max;
}

function strings(schema: JsonSchema, samples: ByteSamples): fc.Arbitrary<string> {
  const min = num(schema, 'minLength') ?? 0;
  const max = num(schema, 'maxLength') ?? 100_000;
  if (schema.contentEncoding === 'base64') return fc.constant(samples.base64);
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => fitsLength(s, min, max));
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((s) => fitsLength(s, min, max));
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https'] }).filter((s) => fitsLength(s, min, max));
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  const short = fc.string({ unit: textUnit, minLength: min, maxLength: Math.min(max, min + SPREAD) });
  if (max > AT_MAXIMUM_UP_TO || max <= min + SPREAD) return short;
  const atMaximum = fc.string({ unit: textUnit, minLength: max, maxLength: max });
  return fc.oneof({ arbitrary: short, weight: 4 }, { arbitrary: atMaximum, weight: 1 });
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function objects(schema: JsonSchema, samples: ByteSamples, depth: number): fc.Arbitrary<Record<string, unknown>> {
  // A property whose schema is `false` must be absent: it is never drawn.
  const props = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchema | boolean>).filter(
      (e): e is [string, JsonSchema] => e[1] !== false && typeof e[1] === 'object',
    ),
  );
  const required = new Set((schema.required ?? []) as string[]);
  const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validValue(s, samples, depth + 1)]));
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in props) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A union's branch read with the keywords beside the union: properties and required lists merge. */
function withBranch(parent: JsonSchema, branch: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...parent, ...branch };
  if (parent.properties || branch.properties) {
    merged.properties = { ...(parent.properties as JsonSchema | undefined), ...(branch.properties as JsonSchema | undefined) };
  }
  if (parent.required || branch.required) {
    merged.required = [...new Set([...((parent.required ?? []) as string[]), ...((branch.required ?? []) as string[])])];
  }
  return merged;
}

/**
 * Values the schema allows, as a generator of JSON Schema test data draws them: every keyword the
 * document's schemas use (type, enum, const, anyOf/oneOf, string lengths, pattern and format,
 * number bounds, array and object shapes). What it draws is checked with ajv before it is sent,
 * so an imprecise draw is dropped rather than sent as "valid".
 */
export function validValue(schema: JsonSchema, samples: ByteSamples, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = schema[union];
    if (Array.isArray(branches) && branches.length) {
      const { [union]: _omit, ...rest } = schema;
      return fc.oneof(...(branches as JsonSchema[]).map((b) => validValue(withBranch(rest, b), samples, depth)));
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const { allOf: _omit, ...rest } = schema;
    return validValue(Object.assign({}, rest, ...(schema.allOf as JsonSchema[])), samples, depth);
  }
  const types = typesOf(schema);
  if (!types.length) return fc.oneof(fc.string({ unit: asciiChar, maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return integers(schema);
        case 'number':
          return numbers(schema);
        case 'string':
          return strings(schema, samples);
        case 'array': {
          const minLength = num(schema, 'minItems') ?? 0;
          const maxLength = Math.min(num(schema, 'maxItems') ?? Infinity, minLength + MAX_ARRAY_SPREAD);
          if (depth >= MAX_DEPTH || maxLength === 0) return fc.constant([]);
          const item = validValue((schema.items ?? {}) as JsonSchema, samples, depth + 1);
          return schema.uniqueItems
            ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
            : fc.array(item, { minLength, maxLength });
        }
        case 'object':
          return depth >= MAX_DEPTH ? fc.constant({}) : objects(schema, samples, depth);
        default:
          return fc.constant(null);
      }
    }),
  );
}
