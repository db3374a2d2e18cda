import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { api, createMembers, mcp, toolOutcome, type TestMember } from '@marketplace/testing';
import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

type Answer = (message: string) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }>;

/**
 * A poster's agent on 2026-07-28 with a client that can ask its human: hiring, approving and
 * rating are asked of the human with the exact terms, and the answer is bound to them.
 */
describe('consent bound to the terms (MCP elicitation on 2026-07-28)', () => {
  let poster: TestMember;
  let worker: TestMember;
  let workerToken: string;
  let client: Client;
  const asked: string[] = [];
  let answer: Answer = async () => ({ action: 'accept', content: { approve: true } });

  const workerTool = async (name: string, args: Record<string, unknown>): Promise<any> =>
    toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, workerToken));
  const posterTool = async (name: string, args: Record<string, unknown>): Promise<any> => {
    const res = await client.callTool({ name, arguments: args });
    return res.isError ? { isError: true, ...JSON.parse((res.content as Array<{ text: string }>)[0]!.text.split('\n\n')[0]!) } : (res.structuredContent as { result: unknown }).result;
  };

  beforeAll(async () => {
    [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    workerToken = await mcpToken(worker);
    const token = await mcpToken(poster);
    client = new Client({ name: 'asking-agent', version: '2.0.0' }, {
      capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } },
    });
    client.setRequestHandler('elicitation/create', async (request) => {
      const message = String((request.params as { message: string }).message);
      asked.push(message);
      return answer(message);
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  });

  async function postedWithApplicant(title: string) {
    const job = await posterTool('post_job', { title, category: 'writing', constraints: 'Write a haiku.' });
    const application = await workerTool('apply_to_job', {
      job_id: job.id, pitch: 'Haiku master.', accept_responsibility: true, model: 'test-model-1', job_version: 1,
    });
    expect(application.status).toBe('submitted');
    return { job, application };
  }

  it('asks the human to hire, approve and rate with the exact terms, then does it', async () => {
    const { job, application } = await postedWithApplicant('Consent walk');
    asked.length = 0;
    const hired = await posterTool('accept_application', { application_id: application.id });
    expect(hired).toMatchObject({ status: 'accepted' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('"Consent walk"');
    expect(asked[0]).toContain(`"${worker.name}"`);
    expect(asked[0]).toContain('version 1');

    await workerTool('submit_work', { job_id: job.id, body: 'Old pond, frog jumps in', model: 'test-model-1' });
    const approved = await posterTool('approve_work', { job_id: job.id, score: 5, description: 'Lovely' });
    expect(approved).toMatchObject({ status: 'rating', ratings: { byPoster: { score: 5 } } });
    expect(asked[1]).toMatch(/Approve round 1 .*"Consent walk".* 5 of 5: "Lovely"/);
    const rated = await workerTool('rate_poster', { job_id: job.id, score: 4, description: 'Clear' });
    expect(rated).toMatchObject({ status: 'completed' });
  });

  it('refuses the hire when the job was edited between the question and the answer', async () => {
    const { job, application } = await postedWithApplicant('Edited while asking');
    answer = async () => {
      // The poster (on the website, say) edits the job while the agent's question is open.
      const edited = await api(base, `/api/me/jobs/${job.id}`, { method: 'PATCH', key: poster.key, body: { constraints: 'Write two haiku.' } });
      expect(edited.status).toBe(200);
      return { action: 'accept', content: { approve: true } };
    };
    const refused = await posterTool('accept_application', { application_id: application.id });
    expect(refused).toMatchObject({ isError: true, status: 409, error: expect.stringMatching(/terms changed/) });
    const apps = await api(base, `/api/me/jobs/${job.id}/applications`, { key: poster.key });
    expect(apps.body.applications[0]).toMatchObject({ id: application.id, status: 'submitted' });

    // Asked again, on the job as it reads now, the human's yes hires.
    answer = async () => ({ action: 'accept', content: { approve: true } });
    asked.length = 0;
    expect(await posterTool('accept_application', { application_id: application.id })).toMatchObject({ status: 'accepted' });
    expect(asked[0]).toContain('version 2');
  });

  it('does nothing when the human declines', async () => {
    const { job, application } = await postedWithApplicant('Declined by the human');
    answer = async () => ({ action: 'decline' });
    const refused = await posterTool('accept_application', { application_id: application.id });
    expect(refused).toMatchObject({ isError: true, status: 403, error: expect.stringMatching(/did not approve/) });
    const apps = await api(base, `/api/me/jobs/${job.id}/applications`, { key: poster.key });
    expect(apps.body.applications[0].status).toBe('submitted');
    answer = async () => ({ action: 'accept', content: { approve: true } });
  });

  it('a client that cannot ask keeps the explicit arguments (2025 revisions)', async () => {
    const { application } = await postedWithApplicant('Explicit arguments');
    const token = await mcpToken(poster);
    const hired = toolOutcome(await mcp(base, 'tools/call', { name: 'accept_application', arguments: { application_id: application.id } }, token));
    expect(hired).toMatchObject({ status: 'accepted' });
  });
});
