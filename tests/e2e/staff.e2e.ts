import { randomUUID } from 'node:crypto';

import { api, type ApiResponse, createMember, mailTo, mcp, setSetting, type TestMember, toolError, toolResult, until } from '@marketplace/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';
import { joinWaitlist } from './support/waitlist.js';

/** Staff lists and the waitlist invite, on REST and over MCP. */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });

afterAll(async () => {
  await db.end();
});

const call = async (token: string, name: string, args: Record<string, unknown>) => mcp(base, 'tools/call', { name, arguments: args }, token);

/** Every page of a staff list, following nextOffset. */
async function allPages(staff: TestMember, path: string, key: string): Promise<any[]> {
  const rows: any[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const sep = path.includes('?') ? '&' : '?';
    const res: ApiResponse = await api(base, `${path}${sep}offset=${offset}&limit=100`, { key: staff.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body[key]);
    offset = res.body.nextOffset;
  }
  return rows;
}

describe('staff lists of help requests, problem reports and feature requests', () => {
  let staff: TestMember;
  let member: TestMember;
  let staffToken: string;

  beforeAll(async () => {
    [staff, member] = await Promise.all([createMember(nats, { staff: true }), createMember(nats)]);
    staffToken = await mcpToken(staff);
  });

  it('lists what members sent, newest first, with the sender, on both surfaces', async () => {
    const help = await api(base, '/api/help', { key: member.key, body: { topic: 'payout', message: `Where is my payout? ${randomUUID()}` } });
    const problem = await api(base, '/api/problem-reports', { key: member.key, body: { description: `Upload fails ${randomUUID()}`, appVersion: '1.2.3' } });
    const feature = await api(base, '/api/feature-requests', { key: member.key, body: { title: 'Dark mode', description: `Please ${randomUUID()}` } });
    expect([help.status, problem.status, feature.status]).toEqual([201, 201, 201]);

    const helpList = await api(base, '/api/admin/help-requests?limit=5', { key: staff.key });
    expect(helpList.status).toBe(200);
    expect(helpList.body.helpRequests[0]).toEqual({
      ...help.body,
      memberId: member.id,
      via: 'key',
      memberName: member.name,
      memberEmail: member.email,
      status: 'open',
    });
    const problems = await api(base, '/api/admin/problem-reports', { key: staff.key });
    expect(problems.body.problemReports[0]).toEqual({ ...problem.body, memberId: member.id, via: 'key' });
    const features = toolResult(await call(staffToken, 'list_feature_requests', { limit: 5 }));
    expect(features.featureRequests[0]).toEqual({ ...feature.body, memberId: member.id, via: 'key' });
    expect(toolResult(await call(staffToken, 'list_help_requests', {})).helpRequests[0].id).toBe(help.body.id);
    expect(toolResult(await call(staffToken, 'list_problem_reports', {})).problemReports[0].id).toBe(problem.body.id);
  });

  it('pages with offset and limit (nextOffset null on the last page) and refuses out-of-range paging with 400', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await api(base, '/api/feature-requests', { key: member.key, body: { title: `Idea ${i}`, description: 'More please' } })).status).toBe(201);
    }
    const first = await api(base, '/api/admin/feature-requests?limit=1', { key: staff.key });
    expect(first.body.featureRequests).toHaveLength(1);
    expect(first.body.nextOffset).toBe(1);
    const second = await api(base, '/api/admin/feature-requests?offset=1&limit=1', { key: staff.key });
    expect(second.body.featureRequests[0].id).not.toBe(first.body.featureRequests[0].id);
    const all = await allPages(staff, '/api/admin/feature-requests', 'featureRequests');
    const last = await api(base, `/api/admin/feature-requests?offset=${all.length - 1}&limit=1`, { key: staff.key });
    expect(last.body.nextOffset).toBeNull();
    expect((await api(base, `/api/admin/feature-requests?offset=${all.length}`, { key: staff.key })).body).toEqual({ featureRequests: [], nextOffset: null });
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const bad = await api(base, `/api/admin/help-requests?${query}`, { key: staff.key });
      expect(bad.status, query).toBe(400);
      expect(Object.keys(bad.body.fields), query).toHaveLength(1);
    }
    expect(toolError(await call(staffToken, 'list_help_requests', { limit: 101 }))).toMatchObject({ status: 400, fields: { limit: expect.any(String) } });
  });

  it('a verified address on a staff email domain is staff with no flag on the account', async () => {
    const domainStaff = await createMember(nats, { email: `ops-${randomUUID().slice(0, 8)}@staff.example.test` });
    expect((await api(base, '/api/admin/help-requests', { key: domainStaff.key })).status).toBe(200);
    // Decided at each request: once the address is no longer verified, the same key is refused.
    await db.query('UPDATE identity.members SET email_verified_at = NULL WHERE id = $1', [domainStaff.id]);
    expect((await api(base, '/api/admin/help-requests', { key: domainStaff.key })).status).toBe(403);
  });
});

describe('invitation links and the waitlist', () => {
  let staff: TestMember;
  let staffToken: string;

  beforeAll(async () => {
    staff = await createMember(nats, { staff: true, name: 'Stella Staff' });
    staffToken = await mcpToken(staff);
  });

  afterAll(async () => {
    await setSetting(nats, 'invitations_per_member', null);
  });

  it('invites: most used first, with owner, uses and whether turned off', async () => {
    const popular = await createMember(nats);
    const link = await api(base, '/api/me/invite-link', { key: popular.key });
    // Someone who joins while the service is invite-only is let in by the link, which counts them.
    await setSetting(nats, 'invite_only', true);
    try {
      const joiner = await createMember(nats, { completeProfile: false });
      await db.query('UPDATE identity.members SET admitted_at = NULL WHERE id = $1', [joiner.id]);
      expect((await api(base, '/api/me/invite', { key: joiner.key, body: { token: link.body.token } })).status).toBe(200);
    } finally {
      await setSetting(nats, 'invite_only', null);
    }
    const invites = await allPages(staff, '/api/admin/invites', 'invites');
    const uses = invites.map((i) => i.uses);
    expect(uses).toEqual([...uses].sort((a, b) => b - a));
    expect(invites.find((i) => i.ownerId === popular.id)).toEqual({
      url: link.body.url,
      ownerId: popular.id,
      ownerName: popular.name,
      ownerEmail: popular.email,
      uses: 1,
      revoked: false,
      createdAt: expect.any(String),
    });
    const viaTool = toolResult(await call(staffToken, 'list_invite_links', { limit: 100 }));
    expect(viaTool.invites.map((i: any) => i.uses)).toEqual([...viaTool.invites.map((i: any) => i.uses)].sort((a, b) => b - a));
  });

  it("invite_from_waitlist emails the staff member's own link once and marks the entry invited", async () => {
    const email = `wait-${randomUUID().slice(0, 8)}@example.test`;
    const id = await joinWaitlist(base, db, email);
    const waiting = await allPages(staff, '/api/admin/waitlist?status=waiting', 'entries');
    expect(waiting.find((e) => e.id === id)).toEqual({
      id,
      email,
      status: 'waiting',
      createdAt: expect.any(String),
      invitedAt: null,
      invitedBy: null,
      joinedMemberId: null,
    });

    const invited = await api(base, `/api/admin/waitlist/${id}/invite`, { key: staff.key, method: 'POST' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toEqual({
      emailed: true,
      entry: { id, email, status: 'invited', createdAt: expect.any(String), invitedAt: expect.any(String), invitedBy: staff.id, joinedMemberId: null },
    });
    const own = await api(base, '/api/me/invite-link', { key: staff.key });
    const mails = await until(async () => {
      const m = await mailTo(mailDir, email);
      return m.length ? m : undefined;
    });
    expect(mails[0]!.links).toContain(`${base}/join?token=${own.body.token}`);
    expect(own.body.pendingInvitations).toEqual(expect.arrayContaining([{ email, state: 'sent', createdAt: expect.any(String) }]));

    // A repeat, on either surface, sends nothing.
    const again = toolResult(await call(staffToken, 'invite_from_waitlist', { entry_id: id }));
    expect(again).toEqual({ emailed: false, entry: invited.body.entry });
    expect((await api(base, `/api/admin/waitlist/${id}/invite`, { key: staff.key, method: 'POST' })).body.emailed).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailTo(mailDir, email)).toHaveLength(1);

    const invitedList = toolResult(await call(staffToken, 'list_waitlist', { status: 'invited', limit: 100 }));
    expect(invitedList.entries.every((e: any) => e.status === 'invited')).toBe(true);
    expect((await allPages(staff, '/api/admin/waitlist?status=invited', 'entries')).map((e) => e.id)).toContain(id);
    expect((await allPages(staff, '/api/admin/waitlist?status=waiting', 'entries')).map((e) => e.id)).not.toContain(id);
    expect((await api(base, '/api/admin/waitlist?status=gone', { key: staff.key })).status).toBe(400);
  });

  it('404 for an unknown entry; 409 when joined, the allowance is used up, or the link is off', async () => {
    expect((await api(base, `/api/admin/waitlist/${randomUUID()}/invite`, { key: staff.key, method: 'POST' })).status).toBe(404);
    expect((await api(base, '/api/admin/waitlist/not-an-id/invite', { key: staff.key, method: 'POST' })).status).toBe(404);
    expect(toolError(await call(staffToken, 'invite_from_waitlist', { entry_id: randomUUID() })).status).toBe(404);

    const joinedEmail = `joined-${randomUUID().slice(0, 8)}@example.test`;
    const joinedId = await joinWaitlist(base, db, joinedEmail);
    await db.query('UPDATE identity.waitlist SET joined_member_id = $2 WHERE id = $1', [joinedId, staff.id]);
    const joined = await api(base, `/api/admin/waitlist/${joinedId}/invite`, { key: staff.key, method: 'POST' });
    expect(joined.status).toBe(409);
    expect((await allPages(staff, '/api/admin/waitlist?status=joined', 'entries')).map((e) => e.id)).toContain(joinedId);

    const other = await createMember(nats, { staff: true });
    await setSetting(nats, 'invitations_per_member', 1);
    const [a, b] = [
      await joinWaitlist(base, db, `a-${randomUUID().slice(0, 8)}@example.test`),
      await joinWaitlist(base, db, `b-${randomUUID().slice(0, 8)}@example.test`),
    ];
    expect((await api(base, `/api/admin/waitlist/${a}/invite`, { key: other.key, method: 'POST' })).status).toBe(200);
    const full = await api(base, `/api/admin/waitlist/${b}/invite`, { key: other.key, method: 'POST' });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/no invitations left/);
    await setSetting(nats, 'invitations_per_member', null);

    await db.query('UPDATE identity.invite_links SET revoked_at = now() WHERE member_id = $1', [other.id]);
    const off = await api(base, `/api/admin/waitlist/${b}/invite`, { key: other.key, method: 'POST' });
    expect(off.status).toBe(409);
    expect(off.body.error).toMatch(/turned off/);
    const entry = (await allPages(staff, '/api/admin/waitlist?status=waiting', 'entries')).find((e) => e.id === b);
    expect(entry?.status).toBe('waiting');
  });

  it('503 when the email cannot be sent, with the entry still waiting and the place kept for a retry', async () => {
    const email = `undeliverable-${Date.now()}@example.invalid`;
    const id = await joinWaitlist(base, db, email);
    const failed = await api(base, `/api/admin/waitlist/${id}/invite`, { key: staff.key, method: 'POST' });
    expect(failed.status).toBe(503);
    const entry = (await allPages(staff, '/api/admin/waitlist?status=waiting', 'entries')).find((e) => e.id === id);
    expect(entry).toMatchObject({ status: 'waiting', invitedAt: null, invitedBy: null });
    const pending = (await api(base, '/api/me/invite-link', { key: staff.key })).body.pendingInvitations;
    expect(pending).toEqual(expect.arrayContaining([{ email, state: 'failed', createdAt: expect.any(String) }]));
    expect(toolError(await call(staffToken, 'invite_from_waitlist', { entry_id: id })).status).toBe(503);
  });
});
