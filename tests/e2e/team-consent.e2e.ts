import { randomUUID } from 'node:crypto';

import { api, createMember, createMembers, mcp, streamEvents, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

/**
 * Issue 31, finding 1: a member is put on a team only by accepting an invitation. Adding answers
 * the same for an address with and without an account and says nothing of the person; the
 * invitee lists, accepts or declines; anyone can leave, the owner last.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

async function teamOf(name = `Consent ${randomUUID().slice(0, 6)}`): Promise<TestMember> {
  const owner = await createMember(nats);
  const created = await api(base, '/api/team', { key: owner.key, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return owner;
}

const invite = (inviter: TestMember, email: string, role?: string) =>
  api(base, '/api/team/members', { key: inviter.key, body: { email, ...(role ? { role } : {}) } });
const invitations = async (member: TestMember) => {
  const res = await api(base, '/api/me/team-invitations', { key: member.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.invitations as { id: string; team: { id: string; name: string }; role: string; invitedBy: string }[];
};
const answer = (member: TestMember, id: string, verb: 'accept' | 'decline') =>
  api(base, `/api/me/team-invitations/${id}/${verb}`, { key: member.key, method: 'POST' });
const leave = (member: TestMember) => api(base, '/api/team/leave', { key: member.key, method: 'POST' });
const memberIds = async (member: TestMember) => ((await api(base, '/api/team', { key: member.key })).body.members as { id: string }[]).map((m) => m.id);

describe('joining a team takes consent', () => {
  it('the same 202 for an address with and without an account, nothing about the person, and nobody joins yet', async () => {
    const owner = await teamOf();
    const person = await createMember(nats);
    const known = await invite(owner, person.email, 'admin');
    const unknown = await invite(owner, `nobody-${randomUUID()}@example.test`, 'admin');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(Object.keys(known.body).sort()).toEqual(['invited', 'message']);
    for (const secret of [person.id, person.name, person.email]) expect(JSON.stringify(known.body)).not.toContain(secret);
    // Asking again answers the same and leaves one invitation waiting.
    expect(await invite(owner, person.email.toUpperCase(), 'admin')).toMatchObject({ status: 202, body: known.body });

    expect(await memberIds(owner)).toEqual([owner.id]);
    const waiting = await invitations(person);
    expect(waiting).toMatchObject([{ role: 'admin', invitedBy: owner.name, team: { name: expect.stringMatching(/^Consent/) } }]);
    // The invitee is alerted; an address without an account gets nothing.
    const events = await until(async () => {
      const all = (await streamEvents(nats, 'events.team.member_invited.v1')).filter((e) => e.payload.teamId === waiting[0]!.team.id);
      return all.length ? all : undefined;
    });
    expect(events.map((e) => e.payload.memberId)).toEqual([person.id]);
  });

  it('over REST: decline, accept, leave; an owner leaves last and a last owner only without open jobs', async () => {
    const owner = await teamOf();
    const [person, stranger] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    await invite(owner, person.email);
    const [first] = await invitations(person);
    // Someone else's invitation, or an unknown id, is the same 404.
    expect((await answer(stranger, first!.id, 'accept')).status).toBe(404);
    expect((await answer(stranger, randomUUID(), 'decline')).status).toBe(404);
    expect((await answer(person, first!.id, 'decline')).body).toEqual({ declined: true, id: first!.id });
    expect(await invitations(person)).toEqual([]);
    expect((await answer(person, first!.id, 'accept')).status).toBe(409);
    expect(await memberIds(owner)).toEqual([owner.id]);

    await invite(owner, person.email);
    const [second] = await invitations(person);
    const joined = await answer(person, second!.id, 'accept');
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ role: 'member', team: { id: second!.team.id } });
    expect(await memberIds(owner)).toEqual([owner.id, person.id]);
    // On a team, a member cannot start another; they leave first.
    expect((await api(base, '/api/team', { key: person.key, body: { name: 'Mine' } })).status).toBe(409);

    const ownerLeaves = await leave(owner);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.fields).toEqual({ role: expect.any(String) });
    expect((await leave(person)).body).toEqual({ left: true, teamId: second!.team.id, dissolved: false });
    expect((await api(base, '/api/team', { key: person.key })).status).toBe(404);
    expect((await leave(person)).status).toBe(404);
    expect((await api(base, '/api/team', { key: person.key, body: { name: 'Mine now' } })).status).toBe(201);

    // The last member, the owner, leaves once no team job is open; the team dissolves.
    const job = await api(base, '/api/team/jobs', {
      key: owner.key,
      body: { title: 'sort receipts', budget: 50, constraints: 'Sort them.', acceptListingFee: true },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    await invite(owner, stranger.email);
    expect((await leave(owner)).status).toBe(409);
    expect((await api(base, `/api/team/jobs/${job.body.id}/close`, { key: owner.key, method: 'POST' })).status).toBe(200);
    expect((await leave(owner)).body).toEqual({ left: true, teamId: second!.team.id, dissolved: true });
    // Its waiting invitations are withdrawn.
    expect(await invitations(stranger)).toEqual([]);
  });

  it('over MCP: list, accept, leave and decline with the tools', async () => {
    const owner = await teamOf();
    const other = await teamOf();
    const person = await createMember(nats);
    const token = await mcpToken(person);
    const tool = async (name: string, args: Record<string, unknown> = {}) =>
      toolOutcome(await mcp(base, 'tools/call', { name, arguments: { ...args, conversation_id: 'new', llm_model: 'test' } }, token));

    await invite(owner, person.email);
    await invite(other, person.email, 'admin');
    const listed = await tool('list_my_team_invitations');
    expect(listed.invitations).toHaveLength(2);
    const fromOwner = listed.invitations.find((i: { invitedBy: string }) => i.invitedBy === owner.name);
    const fromOther = listed.invitations.find((i: { invitedBy: string }) => i.invitedBy === other.name);
    const joined = await tool('accept_team_invitation', { invitation_id: fromOwner.id });
    expect(joined).toMatchObject({ role: 'member', team: { id: fromOwner.team.id } });
    // Already on a team: the other invitation cannot be accepted until they leave.
    expect(await tool('accept_team_invitation', { invitation_id: fromOther.id })).toMatchObject({ isError: true, status: 409 });
    expect(await tool('leave_team')).toEqual({ left: true, teamId: fromOwner.team.id, dissolved: false });
    expect(await tool('decline_team_invitation', { invitation_id: fromOther.id })).toEqual({ declined: true, id: fromOther.id });
    expect((await tool('list_my_team_invitations')).invitations).toEqual([]);
    expect(await memberIds(other)).toEqual([other.id]);
  });
});

describe('named write limits (finding 14)', () => {
  it('team invitations: 20 per member and UTC day, then 429 with the error body and Retry-After; listed by the safety policy', async () => {
    const policy = await api(base, '/api/safety-policy');
    expect(policy.status).toBe(200);
    const limits = policy.body.writeLimits as { name: string; bucket: string; max: number; window: string; covers: string }[];
    expect(limits).toEqual(
      expect.arrayContaining([
        { name: 'teamInvitations', bucket: 'team_invitations', max: 20, window: 'day', covers: expect.any(String) },
        expect.objectContaining({ name: 'applicationDecisions', bucket: 'application_decisions', window: 'hour' }),
        expect.objectContaining({ name: 'visibilityChanges', bucket: 'job_visibility_changes' }),
        expect.objectContaining({ name: 'draftChanges', bucket: 'draft_changes' }),
        expect.objectContaining({ name: 'submissions', bucket: 'work_submissions' }),
        expect.objectContaining({ name: 'teamChanges', bucket: 'team_changes' }),
      ]),
    );
    expect(new Set(limits.map((l) => l.bucket)).size).toBe(limits.length);

    const owner = await teamOf();
    for (let i = 0; i < 20; i += 1) expect((await invite(owner, `limit-${i}-${randomUUID()}@example.test`)).status).toBe(202);
    const refused = await invite(owner, `limit-over-${randomUUID()}@example.test`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: expect.stringContaining('team invitations'), retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
