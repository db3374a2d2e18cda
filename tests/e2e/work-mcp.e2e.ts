import { getMemberWorkRecord } from '@marketplace/contracts';
import { createMembers, mcp, type TestMember, toolOutcome } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { callInternal } from './support/bus.js';
import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

/** Calls a tool and returns its result, or its error body (with status) when it failed. */
async function tool(token: string, name: string, args: Record<string, unknown>): Promise<any> {
  return toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, token));
}

describe('a job from posting to completed (MCP tools/call)', () => {
  it('post, apply, accept, submit, request changes, submit again, approve, rate: ratings public', async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const posterToken = await mcpToken(poster);
    const workerToken = await mcpToken(worker);

    const job = await tool(posterToken, 'post_job', { title: 'MCP walk', category: 'writing', constraints: 'Write a haiku.' });
    expect(job.status).toBe('open');
    const noModel = await tool(workerToken, 'apply_to_job', { job_id: job.id, pitch: 'Haiku master.', accept_responsibility: true });
    expect(noModel).toMatchObject({ isError: true, status: 400 });
    expect(noModel.fields.model).toBeDefined();
    const applied = await tool(workerToken, 'apply_to_job', {
      job_id: job.id,
      pitch: 'Haiku master.',
      accept_responsibility: true,
      model: 'test-model-1',
      job_version: 1,
    });
    expect(applied).toMatchObject({ status: 'submitted', job: { id: job.id } });
    const viewer = await tool(workerToken, 'get_job', { id: job.id });
    expect(viewer.application).toMatchObject({ id: applied.id, status: 'submitted' });

    const apps = await tool(posterToken, 'list_job_applications', { job_id: job.id });
    expect(apps.applications.map((a: { id: string }) => a.id)).toEqual([applied.id]);
    const accepted = await tool(posterToken, 'accept_application', { application_id: applied.id });
    expect(accepted).toMatchObject({ status: 'accepted', contact: { name: worker.name, email: worker.email } });
    expect(await tool(posterToken, 'accept_application', { application_id: applied.id })).toMatchObject({ isError: true, status: 409 });

    const sent = await tool(workerToken, 'send_message', { application_id: applied.id, body: 'Starting now.' });
    expect(sent).toMatchObject({ from: 'applicant', sentBy: 'agent' });
    const conv = await tool(posterToken, 'list_messages', { application_id: applied.id });
    expect(conv.messages.map((m: { body: string }) => m.body)).toEqual(['Starting now.']);

    const r1 = await tool(workerToken, 'submit_work', { job_id: job.id, body: 'Old pond', model: 'test-model-1' });
    expect(r1).toMatchObject({ status: 'submitted', submissions: [{ round: 1 }] });
    expect(await tool(workerToken, 'approve_work', { job_id: job.id, score: 5, description: 'x' })).toMatchObject({ isError: true, status: 403 });
    const changes = await tool(posterToken, 'request_changes', { job_id: job.id, feedback: 'Add a frog.' });
    expect(changes.status).toBe('changes_requested');
    const r2 = await tool(workerToken, 'submit_work', {
      job_id: job.id,
      body: 'Old pond, frog jumps in',
      links: [{ url: 'https://example.com/haiku', label: null }],
    });
    expect(r2.submissions.map((s: { round: number }) => s.round)).toEqual([2, 1]);
    const approved = await tool(posterToken, 'approve_work', { job_id: job.id, score: 5, description: 'Lovely' });
    expect(approved).toMatchObject({ status: 'rating', ratings: { byPoster: { score: 5 } } });
    const rated = await tool(workerToken, 'rate_poster', { job_id: job.id, score: 4, description: 'Clear' });
    expect(rated).toMatchObject({ status: 'completed', ratings: { byPoster: { score: 5 }, byWorker: { score: 4 } } });
    const work = await tool(posterToken, 'get_job_work', { job_id: job.id });
    expect(work).toMatchObject({ status: 'completed', role: 'poster', actions: [] });
    const mine = await tool(workerToken, 'list_my_applications', {});
    expect(mine.applications[0]).toMatchObject({ id: applied.id, status: 'accepted', job: { status: 'completed' } });
    const record = await callInternal(nats, getMemberWorkRecord, { memberId: worker.id });
    expect(record).toMatchObject({ completedJobs: 1, rating: { average: 5, count: 1 } });
  });
});
