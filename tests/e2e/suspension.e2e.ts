import { createHash, randomUUID } from 'node:crypto';

import {
  api,
  type ApiResponse,
  createMember,
  mailTo,
  mcp,
  sessionHeaders,
  type SignedInMember,
  signIn,
  type TestMember,
  toolError,
  toolResult,
  until,
} from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

/**
 * Suspension and appeal (issue 55): staff suspend a member with a reason; the member's sessions,
 * API keys and agent grants stop at once; a new sign-in reads and appeals but every write is
 * refused with the appeal named (REST and MCP); their open jobs leave the board; staff see the
 * appeal first, lift, and writing and the jobs come back.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

const APPEAL = 'You can appeal from the help page (topic appeal).';
const REASON = 'Asked applicants for deposits';
const SUSPENDED = `Your account is suspended: ${REASON}. ${APPEAL}`;

const call = (token: string, name: string, args: Record<string, unknown>) => mcp(base, 'tools/call', { name, arguments: args }, token);
const jobBody = (title: string) => ({ title, category: 'writing', constraints: '## Scope\nWrite it.' });
const pitch = { pitch: 'I write well.', acceptResponsibility: true, model: 'test-model-1' };

async function postJob(key: string, title: string): Promise<string> {
  const res = await api(base, '/api/me/jobs', { key, body: jobBody(title) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The poster's jobs on the board, as another signed-in member reads it (never a cached answer). */
async function boardJobsOf(reader: TestMember, posterId: string): Promise<string[]> {
  const res = await api(base, `/api/jobs?poster_id=${posterId}`, { key: reader.key });
  expect(res.status).toBe(200);
  return res.body.jobs.map((j: { id: string }) => j.id);
}

function expectSuspended(res: ApiResponse): void {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.error).toBe(SUSPENDED);
}

describe('suspension and appeal', () => {
  let staff: TestMember;
  let member: TestMember;
  let poster: TestMember;
  let bystander: TestMember;
  let ownJob: string;
  let otherJob: string;
  let secondJob: string;
  let applicationId: string;
  let oldSession: SignedInMember;
  let oldAgent: string;
  let session: SignedInMember;

  beforeAll(async () => {
    [staff, member, poster, bystander] = await Promise.all([createMember(nats, { staff: true }), createMember(nats), createMember(nats), createMember(nats)]);
    ownJob = await postJob(member.key, 'Suspended poster job');
    [otherJob, secondJob] = [await postJob(poster.key, 'A job to talk about'), await postJob(poster.key, 'A second job')];
    const applied = await api(base, `/api/jobs/${otherJob}/applications`, { key: member.key, body: pitch });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    applicationId = applied.body.id;
    oldSession = await signIn(base, mailDir, { email: member.email });
    oldAgent = await mcpToken(member);
    expect(await boardJobsOf(bystander, member.id)).toContain(ownJob);
  });

  afterAll(async () => {
    // Leaves nobody suspended for other files sharing the stack.
    await api(base, `/api/admin/members/${member.id}/suspension/lift`, { key: staff.key, body: {} });
  });

  it('only staff reach the suspension routes, and a reason is required', async () => {
    for (const [path, body] of [
      [`/api/admin/members/${member.id}/suspension`, { reason: REASON }],
      [`/api/admin/members/${member.id}/suspension/lift`, {}],
    ] as const) {
      expect((await api(base, path, { key: bystander.key, body })).status).toBe(403);
      expect((await api(base, path, { body })).status).toBe(401);
    }
    expect((await api(base, '/api/admin/suspensions', { key: bystander.key })).status).toBe(403);
    const missing = await api(base, `/api/admin/members/${member.id}/suspension`, { key: staff.key, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('reason');
    const blank = await api(base, `/api/admin/members/${member.id}/suspension`, { key: staff.key, body: { reason: '   ' } });
    expect(blank.status).toBe(400);
    expect((await api(base, `/api/admin/members/${randomUUID()}/suspension`, { key: staff.key, body: { reason: REASON } })).status).toBe(404);
    expect((await api(base, `/api/admin/members/${staff.id}/suspension`, { key: staff.key, body: { reason: REASON } })).status).toBe(409);
    // Nothing above suspended anyone: the member still writes.
    expect((await api(base, `/api/jobs/${otherJob}/comments`, { key: member.key, body: { body: 'Still here.' } })).status).toBe(201);
  });

  it('suspending ends the session, API key and agent at once; a new sign-in reads but cannot write', async () => {
    const res = await api(base, `/api/admin/members/${member.id}/suspension`, { key: staff.key, body: { reason: REASON } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ memberId: member.id, suspended: true, reason: REASON, suspendedBy: staff.id });
    expect(JSON.stringify(res.body)).not.toContain(member.email);
    expect((await api(base, `/api/admin/members/${member.id}/suspension`, { key: staff.key, body: { reason: REASON } })).status).toBe(409);
    const listed = await api(base, '/api/admin/suspensions?limit=100', { key: staff.key });
    expect(listed.body.suspensions.find((s: { memberId: string }) => s.memberId === member.id)).toMatchObject({ reason: REASON });

    expect((await api(base, '/api/me', { key: member.key })).status).toBe(401);
    expect((await api(base, '/api/me', { headers: sessionHeaders(base, oldSession) })).status).toBe(401);
    const agent = await call(oldAgent, 'list_my_jobs', {});
    expect(agent.status).toBe(401);

    session = await signIn(base, mailDir, { email: member.email });
    const headers = sessionHeaders(base, session);
    const me = await api(base, '/api/me', { headers });
    expect(me.status).toBe(200);
    const mine = await api(base, '/api/me/jobs', { headers });
    expect(mine.status).toBe(200);
    expect(mine.body.jobs.map((j: { id: string }) => j.id)).toContain(ownJob);

    expectSuspended(await api(base, '/api/me/jobs', { headers, body: jobBody('Posted while suspended') }));
    expectSuspended(await api(base, `/api/jobs/${secondJob}/applications`, { headers, body: pitch }));
    expectSuspended(await api(base, '/api/messages', { headers, body: { applicationId, body: 'Hello?' } }));
    expectSuspended(await api(base, `/api/jobs/${otherJob}/comments`, { headers, body: { body: 'Can I still talk?' } }));
    const bytes = Buffer.from('notes');
    expectSuspended(
      await api(base, '/api/me/files', {
        headers,
        body: { path: 'notes.txt', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
      }),
    );
  });

  it('over MCP, a newly connected agent reads but its writes are refused with the appeal named', async () => {
    const token = await mcpToken(member);
    expect(toolResult(await call(token, 'list_my_jobs', {})).jobs.map((j: { id: string }) => j.id)).toContain(ownJob);
    const posted = toolError(await call(token, 'post_job', jobBody('Posted by an agent while suspended')));
    expect(posted).toMatchObject({ status: 403, error: SUSPENDED });
    const commented = toolError(await call(token, 'comment_on_job', { job_id: otherJob, body: 'From the agent' }));
    expect(commented).toMatchObject({ status: 403, error: SUSPENDED });
  });

  it("the member's open jobs leave the board", async () => {
    await until(async () => !(await boardJobsOf(bystander, member.id)).includes(ownJob), { timeoutMs: 15_000 });
    expect((await api(base, `/api/jobs/${ownJob}`, { key: bystander.key })).status).toBe(404);
  });

  it('the member appeals from the help topic, and staff see the appeal before newer requests', async () => {
    const appeal = await api(base, '/api/help', {
      headers: sessionHeaders(base, session),
      body: { topic: 'appeal', message: 'The deposit was a refundable key fee, please look again.' },
    });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(201);
    expect(appeal.body.topic).toBe('appeal');
    const later = await api(base, '/api/help', { key: bystander.key, body: { topic: 'question', message: 'How do payouts work?' } });
    expect(later.status).toBe(201);
    const queue = await api(base, '/api/admin/help-requests', { key: staff.key });
    expect(queue.status).toBe(200);
    expect(queue.body.helpRequests[0]).toMatchObject({ id: appeal.body.id, topic: 'appeal', memberId: member.id, status: 'open' });
  });

  it('lifting restores writing and brings the open jobs back; both actions are in the audit log', async () => {
    const lifted = await api(base, `/api/admin/members/${member.id}/suspension/lift`, { key: staff.key, body: { reason: 'Appeal upheld' } });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect(lifted.body).toMatchObject({ memberId: member.id, suspended: false, reason: null });
    expect((await api(base, `/api/admin/members/${member.id}/suspension/lift`, { key: staff.key, body: {} })).status).toBe(409);

    const headers = sessionHeaders(base, session);
    expect((await api(base, `/api/jobs/${otherJob}/comments`, { headers, body: { body: 'Back again.' } })).status).toBe(201);
    expect((await api(base, '/api/messages', { headers, body: { applicationId, body: 'Thanks for waiting.' } })).status).toBe(201);
    const token = await mcpToken(member);
    expect(toolResult(await call(token, 'post_job', jobBody('Posted after the lift'))).id).toBeTruthy();
    await until(async () => (await boardJobsOf(bystander, member.id)).includes(ownJob), { timeoutMs: 15_000 });

    await until(
      async () => {
        const log = await api(base, '/api/admin/audit-log?limit=100', { key: staff.key });
        const mine = log.body.entries.filter((e: { targetId: string }) => e.targetId === member.id);
        return (
          mine.some((e: { action: string; reason: string }) => e.action === 'suspend' && e.reason === REASON) &&
          mine.some((e: { action: string; reason: string }) => e.action === 'lift_suspension' && e.reason === 'Appeal upheld')
        );
      },
      { timeoutMs: 15_000 },
    );

    // Both steps reached the member by email too, as notices about the account.
    const mails = await until(
      async () => {
        const all = await mailTo(mailDir, member.email);
        const suspended = all.find((m) => m.text.includes(`Your account is suspended: ${REASON}`));
        const lifted = all.find((m) => m.text.includes("Your account's suspension is lifted"));
        return suspended && lifted ? { suspended, lifted } : undefined;
      },
      { timeoutMs: 20_000, what: 'the suspension and lift emails' },
    );
    expect(mails.suspended.text).toMatch(/appeal from the help page/);
  });
});
