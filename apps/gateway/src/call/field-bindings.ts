import { type Operation, snakeCase } from '@marketplace/contracts';
import type { z } from 'zod';

export interface BoundField {
  key: string;
  in: 'path' | 'query' | 'body' | 'request';
  /** Name on REST. */
  rest: string;
  /** Argument name over MCP. */
  mcp: string;
  schema: z.ZodType;
  required: boolean;
}

/** Where every input field of an operation comes from, on each surface. One source for routes, tools and OpenAPI. */
export function bindFields(op: Operation): BoundField[] {
  const shape = op.input.shape as Record<string, z.ZodType>;
  const pathParams = new Set([...(op.rest?.path ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const fields = (op.rest?.fields ?? {}) as Record<string, { in: BoundField['in']; name?: string } | undefined>;
  const method = op.rest?.method ?? 'POST';
  const mcpArgs = (op.mcp?.args ?? {}) as Record<string, string | undefined>;
  return Object.entries(shape).map(([key, schema]) => {
    // The raw body is read by the route, never from a JSON field of the same name.
    if (op.rest?.rawBody?.field === key) return { key, in: 'request', rest: RAW_BODY, mcp: snakeCase(key), schema, required: true };
    const rest = fields[key]?.name ?? key;
    const where = fields[key]?.in ?? (pathParams.has(rest) ? 'path' : method === 'GET' || method === 'DELETE' ? 'query' : 'body');
    return {
      key,
      in: where,
      rest,
      mcp: mcpArgs[key] ?? snakeCase(key),
      schema,
      required: !schema.safeParse(undefined).success,
    };
  });
}

/** The `request` field name of an operation's raw body (RestBinding.rawBody). */
export const RAW_BODY = 'raw-body';

export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
