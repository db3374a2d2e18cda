import { api, createMember, mcp, mcpAccessToken, type TestMember } from '@marketplace/testing';
import {
  Client as ModernClient,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

/**
 * The one endpoint serves both protocol generations, chosen per request: a client of the SDK's
 * first generation on 2025-11-25 (initialize, then calls) and one of its second generation pinned
 * to 2026-07-28 (server/discover, a _meta envelope on every request, no session). Both see the
 * same annotated, typed tools, and each client validates every structured result against the
 * tool's outputSchema itself.
 */
describe('MCP on both protocol revisions, with real SDK clients', () => {
  let member: TestMember;
  let token: string;
  const withToken = (t: string): RequestInit => ({ headers: { authorization: `Bearer ${t}` } });

  beforeAll(async () => {
    member = await createMember(nats);
    token = await mcpAccessToken(base, mailDir, member);
  });

  async function legacyClient(): Promise<LegacyClient> {
    const client = new LegacyClient({ name: 'legacy-agent', version: '1.0.0' });
    await client.connect(new LegacyTransport(new URL(`${base}/api/mcp`), { requestInit: withToken(token) }));
    return client;
  }

  async function modernClient(): Promise<ModernClient> {
    const client = new ModernClient({ name: 'modern-agent', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernTransport(new URL(`${base}/api/mcp`), { requestInit: withToken(token) }));
    return client;
  }

  it('a 2025-11-25 client negotiates its revision and runs a write and a read', async () => {
    const client = await legacyClient();
    expect(client.getServerVersion()?.name).toBe('marketplace');
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'accept_application')?.annotations).toEqual({ destructiveHint: true, openWorldHint: false });
    const posted = await client.callTool({ name: 'post_job', arguments: { title: 'Legacy client job', category: 'writing', constraints: 'Write a page.' } });
    expect(posted.isError).toBeFalsy();
    const id = (posted.structuredContent as { result: { id: string } }).result.id;
    const read = await client.callTool({ name: 'get_job', arguments: { id } });
    expect((read.structuredContent as { result: { title: string } }).result.title).toBe('Legacy client job');
    await client.close();
  });

  it('a 2026-07-28 client discovers the server without a session and runs a write and a read', async () => {
    const client = await modernClient();
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerVersion()?.name).toBe('marketplace');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect(tools.find((t) => t.name === 'list_open_jobs')).toMatchObject({
      title: 'List open jobs',
      annotations: { readOnlyHint: true, openWorldHint: false },
      outputSchema: { type: 'object' },
    });
    const posted = await client.callTool({ name: 'post_job', arguments: { title: 'Modern client job', category: 'writing', constraints: 'Write a page.' } });
    expect(posted.isError).toBeFalsy();
    const id = (posted.structuredContent as { result: { id: string } }).result.id;
    const read = await client.callTool({ name: 'get_job', arguments: { id } });
    expect((read.structuredContent as { result: { title: string }; memberWritten: string[] }).result.title).toBe('Modern client job');
    expect((read.structuredContent as { memberWritten: string[] }).memberWritten).toContain('result.title');
    // The job is the member's own, as posted over REST would be.
    const mine = await api(base, '/api/me/jobs', { key: member.key });
    expect(mine.body.jobs.map((j: { id: string }) => j.id)).toContain(id);
    await client.close();
  });

  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`resources, prompts and completions on ${era}`, async () => {
      const client = era === '2025-11-25' ? await legacyClient() : await modernClient();
      const posted = await client.callTool({
        name: 'post_job',
        arguments: { title: `Resource job ${era}`, category: 'writing', constraints: 'Write a page.' },
      });
      const id = (posted.structuredContent as { result: { id: string } }).result.id;

      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(
        expect.arrayContaining(['marketplace://me/jobs', 'marketplace://me/applications', 'marketplace://jobs/open']),
      );
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining(['marketplace://jobs/{id}', 'marketplace://jobs/{job_id}/versions']));

      // A resource answers what its read tool answers, and says where member-written text sits.
      const job = await client.readResource({ uri: `marketplace://jobs/${id}` });
      const [content] = job.contents as Array<{ uri: string; mimeType: string; text: string; _meta?: Record<string, unknown> }>;
      expect(content).toMatchObject({ uri: `marketplace://jobs/${id}`, mimeType: 'application/json' });
      expect(JSON.parse(content!.text)).toMatchObject({ id, title: `Resource job ${era}` });
      expect(content!._meta?.['marketplace/memberWritten']).toEqual(expect.arrayContaining(['title', 'constraints']));
      const mine = await client.readResource({ uri: 'marketplace://me/jobs' });
      expect(JSON.parse((mine.contents[0] as { text: string }).text).jobs.map((j: { id: string }) => j.id)).toContain(id);
      await expect(client.readResource({ uri: 'marketplace://jobs/00000000-0000-4000-8000-000000000000' })).rejects.toThrow();
      await expect(client.readResource({ uri: 'marketplace://nothing/here' })).rejects.toThrow(/No resource/);

      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(['post_a_job', 'apply_to_job', 'review_turned_in_work', 'rate']);
      const prompt = await client.getPrompt({ name: 'review_turned_in_work', arguments: { job_id: id } });
      expect((prompt.messages[0]!.content as { text: string }).text).toContain(id);
      await expect(client.getPrompt({ name: 'apply_to_job', arguments: {} })).rejects.toThrow(/needs job_id/);

      const categories = await client.complete({ ref: { type: 'ref/prompt', name: 'post_a_job' }, argument: { name: 'category', value: 'wri' } });
      expect(categories.completion.values).toEqual(['writing']);
      const jobs = await client.complete({ ref: { type: 'ref/prompt', name: 'review_turned_in_work' }, argument: { name: 'job_id', value: id.slice(0, 8) } });
      expect(jobs.completion.values).toEqual([id]);
      await client.close();
    });
  }

  it("an agent's answers carry its request budget (RateLimit-Policy and RateLimit)", async () => {
    const res = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, token);
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"oauth_requests";q=\d+;w=60$/);
    expect(res.headers.get('ratelimit')).toMatch(/^"oauth_requests";r=\d+;t=\d+$/);
  });

  it('a member resource read without sign-in is challenged like the tool that answers it', async () => {
    const res = await mcp(base, 'resources/read', { uri: 'marketplace://me/jobs' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/resource_metadata=/);
    const categories = await mcp(base, 'resources/read', { uri: 'marketplace://jobs/categories' });
    expect(categories.status).toBe(200);
    expect(JSON.parse(categories.body.result.contents[0].text).categories).toBeDefined();
  });

  // Issue 52: a client loads every definition into its model's context on every turn.
  for (const wire of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    it(`the whole tool list fits 96 KiB on ${wire}, no tool over 3 KiB, every tool titled, annotated and typed`, async () => {
      const envelope =
        wire === '2026-07-28'
          ? { _meta: { [PROTOCOL_VERSION_META_KEY]: wire, [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1' }, [CLIENT_CAPABILITIES_META_KEY]: {} } }
          : {};
      const res = await fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': wire,
          ...(wire === '2026-07-28' ? { 'mcp-method': 'tools/list' } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: envelope }),
      });
      expect(res.status).toBe(200);
      const { result } = (await res.json()) as { result: { tools: Array<Record<string, unknown>> } };
      expect(result.tools.length).toBeGreaterThan(100);
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(96 * 1024);
      for (const tool of result.tools) {
        expect(Buffer.byteLength(JSON.stringify(tool)), String(tool.name)).toBeLessThanOrEqual(3 * 1024);
        expect(tool, String(tool.name)).toMatchObject({
          title: expect.any(String),
          description: expect.any(String),
          annotations: { openWorldHint: false },
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { result: expect.any(Object) } },
        });
      }
    });
  }

  it('the 2026-07-28 wire carries caching hints on tools/list and the same JSON-RPC errors', async () => {
    const envelope = { [PROTOCOL_VERSION_META_KEY]: '2026-07-28', [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1' }, [CLIENT_CAPABILITIES_META_KEY]: {} };
    const post = (method: string, params: Record<string, unknown>) =>
      fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          ...(params.name ? { 'mcp-name': String(params.name) } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } }),
      });
    const list = await post('tools/list', {});
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { result: { ttlMs: number; cacheScope: string; tools: unknown[] } };
    expect(listed.result).toMatchObject({ cacheScope: 'public', ttlMs: expect.any(Number) });
    expect(listed.result.ttlMs).toBeGreaterThan(0);
    const unknown = (await (await post('tools/call', { name: 'no_such_tool', arguments: {} })).json()) as { error?: { code: number } };
    expect(unknown.error?.code).toBe(-32602);
  });
});
