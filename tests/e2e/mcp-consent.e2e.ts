import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMembers, mcp, toolOutcome, type TestMember } from '@marketplace/testing';
import { mcpToken } from './support/mcp-token.js';
import { approveAnswer, clientOutcome, consentJourney, postedWithApplicant, type AskingPoster, type ConsentAnswer } from './support/consent-journey.js';

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
    const client = new Client({ name: 'asking-agent', version: '2.0.0' }, {
      capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } },
    });
    const asked: string[] = [];
    let answer: () => Promise<ConsentAnswer> = approveAnswer;
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String((request.params as { message: string }).message));
      return answer();
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    agent = {
      poster, worker, workerToken, asked,
      call: async (name, args) => clientOutcome(await client.callTool({ name, arguments: args })),
      answer: (how) => { answer = how; },
    };
  });

  consentJourney(() => agent, 'Consent walk');

  it('a client that cannot ask keeps the explicit arguments (2025 revisions)', async () => {
    const { application } = await postedWithApplicant(agent, 'Explicit arguments');
    const token = await mcpToken(agent.poster);
    const hired = toolOutcome(await mcp(base, 'tools/call', { name: 'accept_application', arguments: { application_id: application.id } }, token));
    expect(hired).toMatchObject({ status: 'accepted' });
  });
});
