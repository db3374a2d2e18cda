type Json = Record<string, unknown>;

/** Strings tried, in order, against a `pattern` the format and name hints did not satisfy. */
const PATTERN_CANDIDATES = ['a1b2c3d4', '0123456789abcdef', 'example', 'ada@example.com', '2025-01-15T09:30:00Z', '2025-01-15', 'tl_0123456789abcdef', '1'];

const MAX_DEPTH = 8;

function fits(value: string, schema: Json): boolean {
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string') {
    try {
      if (!new RegExp(schema.pattern, 'u').test(value)) return false;
    } catch {
      return true;
    }
  }
  return true;
}

/** The length limits, by padding or cutting; a string that already fits is kept. */
function clamp(value: string, schema: Json): string {
  let out = value;
  if (typeof schema.minLength === 'number' && out.length < schema.minLength) out = out.padEnd(schema.minLength, 'x');
  if (typeof schema.maxLength === 'number' && out.length > schema.maxLength) out = out.slice(0, schema.maxLength);
  return out;
}

function stringExample(schema: Json, name: string | undefined): string {
  const key = (name ?? '').toLowerCase();
  const description = typeof schema.description === 'string' ? schema.description : '';
  const hinted = [
    schema.format === 'date-time' || /iso 8601 date-time/i.test(description) || (/(?:^|[a-z])at$/.test(name ?? '') && /date|time/i.test(description))
      ? '2025-01-15T09:30:00Z'
      : undefined,
    schema.format === 'date' ? '2025-01-15' : undefined,
    schema.format === 'email' || key === 'email' ? 'ada@example.com' : undefined,
    schema.format === 'uri' || schema.format === 'url' || key.endsWith('url') ? 'https://marketplace.example/' : undefined,
    schema.format === 'uuid' || /^id$|Id$/.test(name ?? '') ? '3f2b8c1e-5d4a-4e7b-9c2d-1a6f0e9b7c55' : undefined,
    schema.contentEncoding === 'base64' ? 'aGVsbG8=' : undefined,
    key === 'key' || key === 'apikey' ? 'tl_0123456789abcdef' : undefined,
    key === 'title' ? 'Summarise ten papers' : undefined,
    key === 'name' ? 'Ada Lovelace' : undefined,
    /markdown/i.test(description) ? '## Scope\nOne paragraph each.' : undefined,
  ].filter((v): v is string => v !== undefined);
  for (const candidate of [...hinted, ...PATTERN_CANDIDATES]) {
    if (fits(candidate, schema)) return candidate;
  }
  for (const candidate of [...hinted, 'example']) {
    const clamped = clamp(candidate, schema);
    if (fits(clamped, schema)) return clamped;
  }
  return clamp('example', schema);
}

function numberExample(schema: Json, integer: boolean): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  if (min !== undefined) return min;
  if (max !== undefined) return Math.min(max, 1);
  return 1;
}

/**
 * An example value for a JSON schema (as zod's toJSONSchema writes them): the schema's own
 * example, default or const first, then the first enum value, the first non-null branch of a
 * union, every property of an object, one item of an array, strings from their format, name and
 * length limits, numbers from their minimum. It is meant to satisfy the schema; the OpenAPI lint
 * (no-invalid-media-type-examples) checks that it does.
 */
export function exampleOf(schema: unknown, name?: string, depth = 0): unknown {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Json;
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('const' in s) return s.const;
  if ('default' in s && s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = s[union];
    if (Array.isArray(branches) && branches.length) {
      const nonNull = branches.find((b) => (b as Json)?.type !== 'null') ?? branches[0];
      return exampleOf({ ...(s.description ? { description: s.description } : {}), ...(nonNull as Json) }, name, depth);
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length) {
    const parts = s.allOf.map((part) => exampleOf(part, name, depth));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
      return numberExample(s, true);
    case 'number':
      return numberExample(s, false);
    case 'string':
      return stringExample(s, name);
    case 'array': {
      if (s.maxItems === 0 || depth >= MAX_DEPTH) return [];
      const item = exampleOf(s.items, name, depth + 1);
      const count = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
      return Array.from({ length: count }, () => item);
    }
    case 'object': {
      if (depth >= MAX_DEPTH) return {};
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const out: Json = {};
      for (const [key, prop] of Object.entries(props)) out[key] = exampleOf(prop, key, depth + 1);
      return out;
    }
    default:
      return {};
  }
}
