import type { z } from 'zod';

type Kind = 'number' | 'boolean' | 'array' | 'other';

function kindOf(schema: z.ZodType): Kind {
  let s: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    const def = (s as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType; values?: unknown[] } } })._zod.def;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') {
      s = def.innerType!;
    } else if (def.type === 'pipe') {
      s = def.in!;
    } else {
      // A literal of numbers (days: 7, 30 or 90) is a number on the wire too.
      const numericLiteral = def.type === 'literal' && !!def.values?.length && def.values.every((v) => typeof v === 'number');
      return def.type === 'number' || def.type === 'int' || numericLiteral
        ? 'number'
        : def.type === 'boolean'
          ? 'boolean'
          : def.type === 'array'
            ? 'array'
            : 'other';
    }
  }
  return 'other';
}

/**
 * Query strings carry only text; turn them into what the schema expects so REST and MCP share
 * one validation. Values that do not convert are passed on unchanged for zod to refuse.
 */
export function coerceQueryValue(schema: z.ZodType, value: string | string[] | undefined): unknown {
  if (value === undefined) return undefined;
  const kind = kindOf(schema);
  if (kind === 'array') return Array.isArray(value) ? value : value.split(',').filter((v) => v !== '');
  const single = Array.isArray(value) ? value[value.length - 1] : value;
  if (single === undefined) return undefined;
  if (kind === 'number') return /^-?\d+(\.\d+)?$/.test(single.trim()) ? Number(single) : single;
  if (kind === 'boolean') return single === 'true' ? true : single === 'false' ? false : single;
  return single;
}
