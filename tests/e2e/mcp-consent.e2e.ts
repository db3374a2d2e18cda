import { createMembers, mcp, type TestMember, toolOutcome } from '@marketplace/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { approveAnswer, type AskingPoster, clientOutcome, type ConsentAnswer, consentJourney, postedWithApplicant } from './support/consent-journey.js';
import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

/**
 * A poster's agent on 2026-07-28 with a client that can ask its human: hiring, approving and
 * rating are asked of the human with the exact terms, and the answer is bound to them.
 */
describe('consent bound to the terms (MCP elicitation on 2026-07-28)', () => {
  let agent: AskingPoster;

  beforeAll(async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const [token, workerToken] = await Promise.all([mcpToken(poster), mcpToken(worker)]);
    const client = new Client(
      { name: 'asking-agent', version: '2.0.0' },
      {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: { pin: '2026-07-28' } },
      },
    );
    const asked: string[] = [];
    let answer: () => Promise<ConsentAnswer> = approveAnswer;
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String((request.params as { message: string }).message));
      return answer();
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
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

  consentJourney(() => agent, 'Consent walk');

  it("deleting the account is the person's: a client that cannot ask is sent to the browser, and nothing is deleted", async () => {
    const [leaving] = (await createMembers(nats, 1)) as [TestMember];
    const token = await mcpToken(leaving);
    const refused = toolOutcome(await mcp(base, 'tools/call', { name: 'delete_my_account', arguments: { confirm: 'delete my account' } }, token));
    expect(refused).toMatchObject({ isError: true, status: 403 });
    expect(refused.error).toMatch(/\/me\/delete/);
    expect(toolOutcome(await mcp(base, 'tools/call', { name: 'get_my_profile', arguments: {} }, token))).toMatchObject({ id: leaving.id });
  });

  it('a client that can ask deletes the account once its human approves, and not when they decline', async () => {
    const [leaving] = (await createMembers(nats, 1)) as [TestMember];
    const token = await mcpToken(leaving);
    let approve = false;
    const asked: string[] = [];
    const client = new Client(
      { name: 'asking-agent', version: '2.0.0' },
      {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: { pin: '2026-07-28' } },
      },
    );
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String((request.params as { message: string }).message));
      return approve ? approveAnswer() : { action: 'decline' as const };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    const declined = clientOutcome(await client.callTool({ name: 'delete_my_account', arguments: { confirm: 'delete my account' } }));
    expect(declined).toMatchObject({ isError: true, status: 403 });
    expect(asked[0]).toMatch(/Delete the account of/);
    approve = true;
    const deleted = clientOutcome(await client.callTool({ name: 'delete_my_account', arguments: { confirm: 'delete my account' } }));
    expect(deleted).toMatchObject({ deleted: true, id: leaving.id });
    await client.close().catch(() => undefined);
  });

  it('a client that cannot ask keeps the explicit arguments (2025 revisions)', async () => {
    const { application } = await postedWithApplicant(agent, 'Explicit arguments');
    const token = await mcpToken(agent.poster);
    const hired = toolOutcome(await mcp(base, 'tools/call', { name: 'accept_application', arguments: { application_id: application.id } }, token));
    expect(hired).toMatchObject({ status: 'accepted' });
  });
});
