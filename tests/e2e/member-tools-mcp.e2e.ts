import { api, createMembers, mcp, type TestMember, toolOutcome } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

/** Calls a tool with a real OAuth token and returns its result, or its error body when it failed. */
async function tool(token: string, name: string, args: Record<string, unknown> = {}): Promise<any> {
  return toolOutcome(await mcp(base, 'tools/call', { name, arguments: { conversation_id: 'new', ...args } }, token));
}

/**
 * The member tools an agent uses most, called as a signed-in human over MCP: each does what its
 * REST twin does, and what it writes is marked as written by an agent.
 */
describe('member tools over MCP with a real OAuth token', () => {
  it('profile, then a job edited, commented on, and closed; the same state over REST', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    const token = await mcpToken(member);

    const updated = await tool(token, 'update_my_profile', { headline: 'Grant writer', skills: ['grants', 'editing'] });
    expect(updated.isError).toBeUndefined();
    const me = await tool(token, 'get_my_profile');
    expect(me).toMatchObject({ id: member.id, profile: { headline: 'Grant writer', skills: ['grants', 'editing'] }, missing: [] });
    const bad = await tool(token, 'update_my_profile', { state: 'ZZ' });
    expect(bad).toMatchObject({ isError: true, status: 400 });
    expect(bad.fields.state).toBeDefined();

    const job = await tool(token, 'post_job', { title: 'Edit a grant', category: 'writing', constraints: '## Scope\nTen pages.' });
    const edited = await tool(token, 'edit_job', { job_id: job.id, expected_version: 1, title: 'Edit a short grant' });
    expect(edited).toMatchObject({ id: job.id, version: 2, title: 'Edit a short grant' });
    const stale = await tool(token, 'edit_job', { job_id: job.id, expected_version: 1, title: 'Too late' });
    expect(stale).toMatchObject({ isError: true, status: 409 });
    expect(Object.keys(stale.fields).sort()).toEqual(['expected_version', 'job_version']);
    const versions = await tool(token, 'list_job_versions', { job_id: job.id });
    expect(JSON.stringify(versions)).toContain('Edit a grant');

    const comment = await tool(token, 'comment_on_job', { job_id: job.id, body: 'Ask me anything about the scope.' });
    expect(comment.author).toMatchObject({ kind: 'agent' });
    const listed = await api(base, `/api/jobs/${job.id}/comments`);
    expect(JSON.stringify(listed.body)).toContain('Ask me anything about the scope.');
    expect((await tool(token, 'delete_comment', { comment_id: comment.id })).isError).toBeUndefined();
    expect(await tool(token, 'delete_comment', { comment_id: comment.id })).toMatchObject({ isError: true, status: 409 });

    const performance = await tool(token, 'get_job_performance', { days: 7 });
    expect(performance.days).toBe(7);
    expect(performance.jobs.map((j: { jobId: string }) => j.jobId)).toContain(job.id);

    const closed = await tool(token, 'close_job', { job_id: job.id });
    expect(closed).toMatchObject({ id: job.id, status: 'closed' });
    expect((await api(base, `/api/jobs/${job.id}`)).status).toBe(404);
    expect(await tool(token, 'close_job', { job_id: job.id })).toMatchObject({ isError: true, status: 404 });

    const invite = await tool(token, 'get_my_invite_link');
    expect(invite).toMatchObject({ uses: 0, joined: [] });
  });
});
