import { type Access, accessOn, catalogue, type HttpMethod, type Operation, RETIRED_PREFIX, snakeCase, takesIdempotencyKey } from '@marketplace/contracts';
import type { z } from 'zod';

/** Arguments every tool takes besides its own (spec: MCP conventions). */
export const COMMON_TOOL_ARGS = ['context', 'conversation_id', 'llm_model'] as const;

export interface ExpectedTool {
  name: string;
  access: Access;
  /** Argument names, sorted: the operation's input keys as the contract names them over MCP, plus the common ones. */
  properties: string[];
  /** Arguments that have neither a default nor `optional`, sorted. */
  required: string[];
}

export interface ExpectedRoute {
  method: HttpMethod;
  path: string;
  access: Access;
  operation: string;
}

/**
 * What the contract says `tools/list` must hold, read from the catalogue by the contract's own
 * rules (snake_case unless `mcp.args` renames; request facts such as the client address are not
 * arguments) rather than by the gateway's code, so a gateway that drifts is caught.
 */
export function expectedTools(): ExpectedTool[] {
  return catalogue
    .filter((op) => op.mcp && op.access !== 'internal')
    .map((op) => {
      const shape = op.input.shape as Record<string, z.ZodType>;
      const renamed = (op.mcp!.args ?? {}) as Record<string, string | undefined>;
      const sources = (op.rest?.fields ?? {}) as Record<string, { in: string } | undefined>;
      const keys = Object.keys(shape).filter((key) => sources[key]?.in !== 'request');
      // A retired argument is refused on both surfaces but listed on neither tool (tool-listing.ts).
      const listed = keys.filter((key) => !shape[key]!.description?.startsWith(RETIRED_PREFIX));
      const argName = (key: string) => renamed[key] ?? snakeCase(key);
      return {
        name: op.mcp!.tool,
        access: accessOn(op, 'mcp'),
        properties: [...listed.map(argName), ...COMMON_TOOL_ARGS, ...(takesIdempotencyKey(op) ? ['idempotency_key'] : [])].sort(),
        required: keys
          .filter((key) => !shape[key]!.safeParse(undefined).success)
          .map(argName)
          .sort(),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Every REST route the contract declares: internal operations never get one, and a credential
 * variant answers on the route of the operation it shares its method and path with.
 */
export function expectedRoutes(): ExpectedRoute[] {
  return catalogue
    .filter((op): op is Operation & { rest: NonNullable<Operation['rest']> } => !!op.rest && op.access !== 'internal' && !op.rest.credential)
    .map((op) => ({ method: op.rest.method, path: op.rest.path, access: accessOn(op, 'rest'), operation: op.name }));
}

/** A `tools/list` entry reduced to what the contract fixes: name, argument names, required ones. */
export function listedToolShape(tool: {
  name: string;
  inputSchema: { properties?: Record<string, unknown>; required?: string[] };
}): Omit<ExpectedTool, 'access'> {
  return {
    name: tool.name,
    properties: Object.keys(tool.inputSchema.properties ?? {}).sort(),
    required: [...(tool.inputSchema.required ?? [])].sort(),
  };
}
