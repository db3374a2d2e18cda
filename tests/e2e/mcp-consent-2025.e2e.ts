import { createMembers, type TestMember } from '@marketplace/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { approveAnswer, type AskingPoster, clientOutcome, type ConsentAnswer, consentJourney, postedWithApplicant } from './support/consent-journey.js';
import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

/**
 * A poster's agent on 2025-11-25 (the SDK's first generation) whose client can ask its human: the
 * server asks through a server→client elicitation on the tool call's stream, in a session this
 * client opened by declaring elicitation at initialize, with the exact terms; the answer is bound
 * to them as on 2026-07-28.
 */
describe('consent bound to the terms (MCP elicitation on 2025-11-25)', () => {
  let agent: AskingPoster;
  let posterToken: string;
  let workerToken: string;
  let client: Client;
  let transport: StreamableHTTPClientTransport;

  const withToken = (token: string) => ({ requestInit: { headers: { authorization: `Bearer ${token}` } } });
  /** A raw 2025-era POST naming a session. */
  const inSession = (sessionId: string, token: string) =>
    fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });

  beforeAll(async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    [posterToken, workerToken] = await Promise.all([mcpToken(poster), mcpToken(worker)]);
    client = new Client({ name: 'asking-agent', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    let answer: () => Promise<ConsentAnswer> = approveAnswer;
    // Asked on the tool call's own stream, answered by a POST in the session.
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return answer();
    });
    transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), withToken(posterToken));
    await client.connect(transport);
    agent = {
      poster,
      worker,
      workerToken,
      asked,
      call: async (name, args) => clientOutcome(await client.callTool({ name, arguments: args })),
      answer: (how) => {
        answer = how;
      },
    };
  });

  afterAll(async () => {
    await client.close();
  });

  it('opens a session for a client that declared elicitation', () => {
    expect(client.getServerVersion()?.name).toBe('marketplace');
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  consentJourney(() => agent, 'Legacy consent walk');

  it('a client without elicitation gets no session and keeps the explicit arguments', async () => {
    const plain = new Client({ name: 'plain-agent', version: '1.0.0' });
    const plainTransport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), withToken(posterToken));
    await plain.connect(plainTransport);
    try {
      expect(plainTransport.sessionId).toBeUndefined();
      const call = async (name: string, args: Record<string, unknown>) => clientOutcome(await plain.callTool({ name, arguments: args }));
      const { application } = await postedWithApplicant(agent, 'Legacy explicit arguments', call);
      agent.asked.length = 0;
      expect(await call('accept_application', { application_id: application.id })).toMatchObject({ status: 'accepted' });
      expect(agent.asked).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });

  it('answers 404 for a session it does not know, so the client initializes again', async () => {
    const res = await inSession('00000000-0000-4000-8000-000000000000', posterToken);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32001, message: expect.stringMatching(/Initialize again/) } });
  });

  it("refuses another member's token on the session", async () => {
    const res = await inSession(transport.sessionId!, workerToken);
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/another sign-in/);
    // The session itself is untouched: its own client goes on.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('DELETE ends the session; a request naming it then answers 404', async () => {
    const ending = new Client({ name: 'ending-agent', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const endingTransport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), withToken(posterToken));
    await ending.connect(endingTransport);
    const sessionId = endingTransport.sessionId!;
    expect(sessionId).toBeTruthy();
    const live = await inSession(sessionId, posterToken);
    expect(live.status).toBe(200);
    expect(await live.text()).toContain('"tools"');
    await endingTransport.terminateSession();
    expect((await inSession(sessionId, posterToken)).status).toBe(404);
    await ending.close();
  });
});
