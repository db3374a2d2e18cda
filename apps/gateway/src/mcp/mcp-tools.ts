import { z } from 'zod';
import { catalogue, type Operation } from '@marketplace/contracts';
import { bindFields, type BoundField } from '../rest/field-bindings.js';

/** Arguments every tool takes besides its own (spec: MCP conventions). */
export const COMMON_ARGS = {
  conversation_id: z.string().max(100).optional()
    .describe('Pass "new" on the first call of a chat, then the exact value returned. Grants no access.'),
  context: z.string().max(300, 'At most 300 characters.').optional()
    .describe('What the human is trying to do, in general terms only (analytics only).'),
  llm_model: z.string().max(120).optional().describe('Your exact model id, or "unknown".'),
};

export const COMMON_SCHEMA = z.object(COMMON_ARGS);

export const TOOL_ERROR_NOTE =
  'If you cannot fix this, offer your human to report the problem (tool report_problem) so the team can look at it.';

export interface Tool {
  name: string;
  op: Operation;
  fields: BoundField[];
  inputSchema: Record<string, unknown>;
  description: string;
}

function toolInputSchema(fields: readonly BoundField[]): Record<string, unknown> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) shape[f.mcp] = f.schema;
  const schema = z.toJSONSchema(z.object({ ...shape, ...COMMON_ARGS }), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

/** Built once from the catalogue: the same schemas the REST routes validate with. */
export function buildTools(): Map<string, Tool> {
  const tools = new Map<string, Tool>();
  for (const op of catalogue) {
    if (!op.mcp || op.access === 'internal') continue;
    if (tools.has(op.mcp.tool)) throw new Error(`Two operations declare tool ${op.mcp.tool}`);
    // A tool's arguments and results travel on the bus, and bytes never do: files are REST only.
    if (op.rest?.upload || op.rest?.download) throw new Error(`${op.name} streams a file and cannot be tool ${op.mcp.tool}`);
    // Request facts (client address, origin) exist only on REST.
    const fields = bindFields(op).filter((f) => f.in !== 'request');
    tools.set(op.mcp.tool, {
      name: op.mcp.tool, op, fields, inputSchema: toolInputSchema(fields), description: op.mcp.description,
    });
  }
  return tools;
}

export function toolAccess(tool: Tool): Operation['access'] {
  return tool.op.mcp?.access ?? tool.op.access;
}

/**
 * The OAuth scope a tool needs: the catalogue's `scope`. A member tool that forgot to declare one
 * is treated as a write, so nothing is reachable with less than the strictest scope by accident.
 */
export function toolScope(tool: Tool): Operation['scope'] {
  return tool.op.scope ?? (toolAccess(tool) === 'public' ? undefined : 'agent:write');
}
