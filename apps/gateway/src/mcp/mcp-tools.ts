import { z } from 'zod';
import { catalogue, type Operation, type UploadBinding } from '@marketplace/contracts';
import { bindFields, type BoundField } from '../call/field-bindings.js';

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
  /** The operation's upload binding: its field is a base64 argument, staged by the gateway. */
  upload?: UploadBinding<string>;
}

/** The bytes of an upload tool's file argument: base64 text, decoded and staged by the gateway. */
function base64Argument(upload: UploadBinding<string>, schema: z.ZodType): z.ZodType {
  const max = toolUploadMaxBytes(upload);
  return z.string().describe(`${schema.description ? `${schema.description}. ` : ''}Base64 of the bytes, at most ${max} bytes decoded.`);
}

export function toolUploadMaxBytes(upload: UploadBinding<string>): number {
  return Math.min(upload.toolMaxBytes ?? upload.maxBytes, upload.maxBytes);
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
    // A tool's arguments and results travel on the bus, and bytes never do: a download is REST
    // only, and an upload's field becomes a base64 argument the gateway stages before the call.
    if (op.rest?.download) throw new Error(`${op.name} streams a file and cannot be tool ${op.mcp.tool}`);
    const upload = op.rest?.upload;
    // Request facts (client address, origin) exist only on REST.
    const fields = bindFields(op).filter((f) => f.in !== 'request').map((f) => (upload && f.key === upload.field
      ? { ...f, schema: base64Argument(upload, f.schema) }
      : f));
    if (upload && !fields.some((f) => f.key === upload.field)) throw new Error(`${op.name}: upload field ${upload.field} is not an input`);
    tools.set(op.mcp.tool, {
      name: op.mcp.tool, op, fields, inputSchema: toolInputSchema(fields), description: op.mcp.description,
      ...(upload ? { upload } : {}),
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
