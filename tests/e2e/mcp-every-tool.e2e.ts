import { createMember, expectedTools, listedToolShape, mcp, mcpAccessToken, toolError, toolErrorNote } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

/** The smallest arguments the tool's own input schema accepts in shape (values may still be refused). */
function minimalArgs(schema: JsonSchema): Record<string, unknown> {
  const args: Record<string, unknown> = { conversation_id: 'new', llm_model: 'unknown', context: 'every-tool coverage' };
  for (const name of schema.required ?? []) args[name] = sample(name, schema.properties?.[name] ?? {});
  return args;
}

function sample(name: string, s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return sample(name, s.anyOf[0]!);
  switch (s.type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(name, s.items ?? {}));
    case 'object':
      return {};
    default:
      return /(^|_)id$/.test(name) ? '00000000-0000-4000-8000-000000000000' : 'Every-tool check';
  }
}

/** An argument no tool declares. */
const NOT_AN_ARGUMENT = 'not_an_argument';

/**
 * Every MCP tool in the catalogue, called with a real OAuth token of a signed-in member, must be
 * authorized and reach its handler: never the HTTP challenge (401/403), never an unknown tool,
 * never the gateway's own sign-in or staff refusal. New tools are covered automatically.
 */
describe('every MCP tool with a real OAuth token', () => {
  let token: string;
  let tools: Array<{ name: string; inputSchema: JsonSchema; title?: string; outputSchema?: JsonSchema; annotations?: Record<string, unknown> }>;

  beforeAll(async () => {
    const member = await createMember(nats, { staff: true });
    token = await mcpAccessToken(base, mailDir, member);
    tools = (await mcp(base, 'tools/list', {}, token)).body.result.tools;
  });

  it('lists exactly the catalogue tools, with their arguments, to a signed-in agent too', () => {
    const listed = tools.map((t) => listedToolShape(t)).sort((a, b) => a.name.localeCompare(b.name));
    expect(listed).toEqual(expectedTools().map(({ name, properties, required }) => ({ name, properties, required })));
  });

  it('lists tools in name order, each with a title, an outputSchema and annotations from the catalogue', () => {
    const names = tools.map((t) => t.name);
    expect(names).toEqual([...names].sort());
    for (const t of tools) {
      expect(t.title, t.name).toMatch(/\S/);
      expect(t.outputSchema, t.name).toMatchObject({ type: 'object', required: ['result'] });
      // Only what differs from MCP's defaults (read-only false, destructive true, idempotent false, open world true).
      if (t.annotations?.readOnlyHint) expect(t.annotations, t.name).toEqual({ readOnlyHint: true, openWorldHint: false });
      else expect(t.annotations, t.name).toMatchObject({ destructiveHint: expect.any(Boolean), openWorldHint: false });
    }
    const hinted = (hint: string) =>
      tools
        .filter((t) => t.annotations?.[hint] === true)
        .map((t) => t.name)
        .sort();
    // What cannot be undone: a host asks its human before each of these, and only these.
    expect(hinted('destructiveHint')).toEqual([
      'accept_application',
      'approve_work',
      'cancel_work',
      'close_job',
      'decline_application',
      'delete_comment',
      'delete_job_file',
      'delete_my_account',
      'delete_my_file',
      'delete_webhook',
      'discard_job_draft',
      'disconnect_agent',
      'rate_poster',
      'withdraw_application',
    ]);
    const readOnly = hinted('readOnlyHint');
    for (const name of ['list_open_jobs', 'get_job', 'search_jobs', 'list_my_jobs', 'download_my_file', 'get_safety_policy'])
      expect(readOnly, name).toContain(name);
    for (const name of ['post_job', 'apply_to_job', 'get_notifications', 'send_message', 'accept_application']) expect(readOnly, name).not.toContain(name);
    expect(readOnly.filter((n) => hinted('destructiveHint').includes(n))).toEqual([]);
  });

  it('each tool is authorized and answered by its handler', async () => {
    const outcomes: Record<string, string> = {};
    // Tools that end the member's access run last, so every other tool still has a live token.
    const last = ['disconnect_agent', 'delete_my_account'];
    const ordered = [...tools].sort((a, b) => last.indexOf(a.name) - last.indexOf(b.name));
    for (const tool of ordered) {
      const args = minimalArgs(tool.inputSchema);
      // A known tool checks arguments against its own list: an extra one is a 400 naming it, which
      // an unknown tool (a 404) never answers. Nothing runs, so this costs the member nothing.
      const invalid = await mcp(base, 'tools/call', { name: tool.name, arguments: { ...args, [NOT_AN_ARGUMENT]: 1 } }, token);
      expect(toolError(invalid), tool.name).toMatchObject({ status: 400, fields: { [NOT_AN_ARGUMENT]: 'Unknown field.' } });

      const res = await mcp(base, 'tools/call', { name: tool.name, arguments: args }, token);
      expect(res.status, `${tool.name} got HTTP ${res.status}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.result, `${tool.name}: ${JSON.stringify(res.body)}`).toBeDefined();
      if (!res.body.result.isError) {
        outcomes[tool.name] = 'ok';
        continue;
      }
      const error = toolError(res);
      const said = `${tool.name}: ${JSON.stringify(error)}`;
      expect(res.body.error, said).toBeUndefined();
      // The handler refused the input or the state (a 4xx the caller can act on); a 5xx means it broke.
      expect(error.status, said).toBeGreaterThanOrEqual(400);
      expect(error.status, said).toBeLessThan(500);
      expect(error.status, said).not.toBe(401);
      expect(error.error, said).not.toBe('Staff only.');
      expect(toolErrorNote(res), tool.name).toMatch(/report_problem/);
      outcomes[tool.name] = String(error.status);
    }
    expect(Object.keys(outcomes).length).toBe(tools.length);
    // Tools that need nothing beyond sign-in succeed outright.
    for (const name of ['list_my_jobs', 'list_connected_agents', 'list_job_categories']) {
      expect(outcomes[name], name).toBe('ok');
    }
  });
});
