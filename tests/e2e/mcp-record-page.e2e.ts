import { api, createMembers, mcp, type TestMember, toolOutcome } from '@marketplace/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';
import { holder, newDraft, recordOne } from './support/recordings.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

type Opener = (params: { mode?: string; url?: string; message: string }) => Promise<{ action: 'accept' }>;
type PageOpeningClient = Pick<Client, 'callTool' | 'close'>;
const withToken = (token: string) => ({ requestInit: { headers: { authorization: `Bearer ${token}` } } });
const capabilities = { elicitation: { form: {}, url: {} } };

/** A client that can open pages, of each SDK generation: 2026-07-28, and 2025-11-25 (asked in its session). */
const CLIENTS: Record<string, (token: string, open: Opener) => Promise<PageOpeningClient>> = {
  '2026-07-28': async (token, open) => {
    const client = new Client({ name: 'page-opening-agent', version: '2.0.0' }, { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } });
    client.setRequestHandler('elicitation/create', async (request) => open(request.params as Parameters<Opener>[0]));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), withToken(token)));
    return client;
  },
  '2025-11-25': async (token, open) => {
    const client = new LegacyClient({ name: 'page-opening-agent', version: '1.0.0' }, { capabilities });
    client.setRequestHandler(ElicitRequestSchema, async (request) => open(request.params));
    await client.connect(new LegacyTransport(new URL(`${base}/api/mcp`), withToken(token)));
    return client as unknown as PageOpeningClient;
  },
};

/**
 * A walkthrough recorded through URL-mode elicitation: the agent asks for the record page and the
 * client opens it for the human, instead of the agent pasting a link into the chat.
 */
describe('the record page opened by the client (URL elicitation)', () => {
  it.each(Object.keys(CLIENTS))(
    'on %s: asks the client to open the record page; the human records there; the retry answers the one link made',
    async (revision) => {
      const [poster] = (await createMembers(nats, 1)) as [TestMember];
      const draftId = await newDraft(poster);
      const token = await mcpToken(poster);
      const opened: Array<{ url: string; message: string }> = [];
      const client = await CLIENTS[revision]!(token, async (params) => {
        expect(params.mode).toBe('url');
        opened.push({ url: String(params.url), message: params.message });
        // The human, on the page the client opened: it knows the draft, and they record there.
        const pageToken = String(params.url).split('#')[1]!;
        const session = await holder(pageToken, '/api/recordings/session');
        expect(session.status).toBe(200);
        expect(session.body.draftId).toBe(draftId);
        await recordOne(pageToken);
        return { action: 'accept' };
      });
      try {
        const res = await client.callTool({ name: 'create_recording_link', arguments: { draft_id: draftId } });
        expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
        const link = (res.structuredContent as { result: { path: string; url: string } }).result;
        expect(opened).toHaveLength(1);
        expect(opened[0]!.url).toBe(link.url);
        expect(opened[0]!.url).toBe(`${base}${link.path}`);
        expect(opened[0]!.message).toMatch(/walkthrough/);
        // The link the retry answered is the one the human used: it still opens the page (a second link would have revoked it).
        expect((await holder(link.path.split('#')[1]!, '/api/recordings/session')).status).toBe(200);
        const draft = await api(base, `/api/me/job-drafts/${draftId}`, { key: poster.key });
        expect(draft.body.recording).not.toBeNull();
      } finally {
        await client.close();
      }
    },
    180_000,
  );

  it('a client that cannot open pages gets the link to give its human, as before', async () => {
    const [poster] = (await createMembers(nats, 1)) as [TestMember];
    const draftId = await newDraft(poster);
    const link = toolOutcome(await mcp(base, 'tools/call', { name: 'create_recording_link', arguments: { draft_id: draftId } }, await mcpToken(poster)));
    expect(link.path).toMatch(/^\/record#/);
  });
});
