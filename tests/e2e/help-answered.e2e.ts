import { randomUUID } from 'node:crypto';

import { api, createMember, mailTo, mcp, type TestMember, toolError, toolResult, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';
import { mcpToken } from './support/mcp-token.js';
import { restartService } from './support/push.js';

/**
 * Help that gets answered, through the gateway: a member asks, staff see who asked (name and
 * email), what and about which job, reply (the member is emailed and reads the reply with the
 * request) and mark the request answered or closed. Only staff reach the desk; only the member
 * reads their own requests.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const control = inject('controlUrl');

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let staff: TestMember, member: TestMember, other: TestMember;
beforeAll(async () => {
  [staff, member, other] = await Promise.all([createMember(nats, { staff: true }), createMember(nats), createMember(nats)]);
});

const as = (who: TestMember, path: string, init: { method?: string; body?: unknown } = {}) => api(base, path, { key: who.key, ...init });

async function ask(topic: string, message: string, extra: Record<string, string> = {}, asker = member): Promise<any> {
  const res = await as(asker, '/api/help', { body: { topic, message, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function mine(who: TestMember): Promise<any[]> {
  const res = await as(who, '/api/me/help-requests?limit=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.helpRequests;
}

/** The staff audit log's entries about one target, newest first, read through every page (other tests write to it too). */
async function auditOf(targetId: string): Promise<any[]> {
  const found: any[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const page = await as(staff, `/api/admin/audit-log?limit=100&offset=${offset}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    found.push(...page.body.entries.filter((e: any) => e.targetId === targetId));
    offset = page.body.nextOffset;
  }
  return found;
}

describe('help that gets answered', () => {
  it('staff see the sender, reply, and the member reads the reply on GET and in their email; then it is closed', async () => {
    const jobId = randomUUID();
    const asked = await ask('refund', `I was charged twice for one job. ${randomUUID()}`, { jobId, applicationId: 'app-7' });

    const list = await as(staff, '/api/admin/help-requests?limit=100');
    expect(list.status).toBe(200);
    const listed = list.body.helpRequests.find((r: any) => r.id === asked.id);
    expect(listed).toEqual({
      ...asked,
      memberId: member.id,
      via: 'key',
      memberName: member.name,
      memberEmail: member.email,
      status: 'open',
    });
    // The staff list over MCP names the sender the same way.
    const viaTool = toolResult(await mcp(base, 'tools/call', { name: 'list_help_requests', arguments: { limit: 100 } }, await mcpToken(staff)));
    expect(viaTool.helpRequests.find((r: any) => r.id === asked.id)).toMatchObject({ memberName: member.name, memberEmail: member.email, jobId });

    const before = await mine(member);
    expect(before.find((r) => r.id === asked.id)).toEqual({ ...asked, status: 'open', replies: [] });

    const replyText = `We refunded the second charge; it shows within five days. ${randomUUID()}`;
    const replied = await as(staff, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: replyText } });
    expect(replied.status, JSON.stringify(replied.body)).toBe(201);
    expect(replied.body).toMatchObject({
      id: asked.id,
      status: 'answered',
      memberName: member.name,
      memberEmail: member.email,
      message: asked.message,
      jobId,
      replies: [{ id: expect.any(String), message: replyText, staffId: staff.id, createdAt: expect.stringMatching(ISO) }],
    });

    const after = (await mine(member)).find((r) => r.id === asked.id);
    expect(after).toMatchObject({ status: 'answered', replies: [{ message: replyText, createdAt: expect.stringMatching(ISO) }] });
    // The member sees what the team wrote, not which staff member wrote it.
    expect(after.replies[0].staffId).toBeUndefined();

    const mail = await until(async () => (await mailTo(mailDir, member.email)).find((m) => m.text.includes(replyText)), {
      timeoutMs: 20_000,
      what: 'the reply emailed to the member',
    });
    expect(mail.text).toContain('The team replied to your help request about a refund');
    // Sent whatever the member's switches say: they asked for it.
    expect(mail.text).toMatch(/notice about your account/);
    // The member's agent is told among the alerts, reply included.
    const alerts = await as(member, '/api/me/notifications/deliver', { method: 'POST' });
    expect(alerts.status, JSON.stringify(alerts.body)).toBe(200);
    const told = alerts.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts).find((a: any) => a.kind === 'help_request.replied');
    expect(told.message).toContain(replyText);

    const closed = await as(staff, `/api/admin/help-requests/${asked.id}/status`, { method: 'PUT', body: { status: 'closed' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect((await mine(member)).find((r) => r.id === asked.id).status).toBe('closed');
    const detail = await as(staff, `/api/admin/help-requests/${asked.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'closed', replies: [{ message: replyText }] });
    expect((await as(staff, '/api/admin/help-requests?limit=100')).body.helpRequests.find((r: any) => r.id === asked.id).status).toBe('closed');

    // Kept in PostgreSQL: a restarted admin service answers the same request, reply and status.
    const kept = (await mine(member)).find((r) => r.id === asked.id);
    await restartService(control, 'admin', {});
    const back = await until(
      async () => {
        const res = await as(member, '/api/me/help-requests?limit=100');
        return res.status === 200 ? res.body.helpRequests.find((r: any) => r.id === asked.id) : undefined;
      },
      { timeoutMs: 30_000, what: 'the admin service back' },
    );
    expect(back).toEqual(kept);
    expect((await as(staff, `/api/admin/help-requests/${asked.id}`)).body).toMatchObject({ status: 'closed', replies: [{ message: replyText }] });
  });

  it('a reply can close the request at once; bad replies are refused naming their field; unknown ids are 404', async () => {
    const asked = await ask('question', `How do payouts work? ${randomUUID()}`);
    const closing = await as(staff, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: 'Every Friday.', status: 'closed' } });
    expect(closing.status).toBe(201);
    expect(closing.body.status).toBe('closed');

    const card = await as(staff, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: 'Your card 4111 1111 1111 1111 was refunded.' } });
    expect(card.status).toBe(400);
    expect(Object.keys(card.body.fields)).toEqual(['message']);
    const bad = await as(staff, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: '', status: 'open' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['message', 'status']);
    const badStatus = await as(staff, `/api/admin/help-requests/${asked.id}/status`, { method: 'PUT', body: { status: 'done' } });
    expect(badStatus.status).toBe(400);
    expect(Object.keys(badStatus.body.fields)).toEqual(['status']);
    expect((await mine(member)).find((r) => r.id === asked.id).replies).toHaveLength(1);

    expect((await as(staff, `/api/admin/help-requests/${randomUUID()}`)).status).toBe(404);
    expect((await as(staff, `/api/admin/help-requests/${randomUUID()}/replies`, { body: { message: 'Hello' } })).status).toBe(404);
    expect((await as(staff, '/api/admin/help-requests/not-an-id/status', { method: 'PUT', body: { status: 'open' } })).status).toBe(404);
  });

  it("a reply and a status change are in the staff audit log: who, which request, what (never the reply's text)", async () => {
    // Members may ask 5 times an hour: this file's other tests ask as `member`.
    const asked = await ask('payment', `My payout is late. ${randomUUID()}`, {}, await createMember(nats));
    const replyText = `It leaves on Friday. ${randomUUID()}`;
    const replied = await as(staff, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: replyText } });
    expect(replied.status, JSON.stringify(replied.body)).toBe(201);
    const replyId = replied.body.replies[0].id;
    expect((await as(staff, `/api/admin/help-requests/${asked.id}/status`, { method: 'PUT', body: { status: 'closed' } })).status).toBe(200);
    // Setting the status it already has changes nothing, so nothing is recorded.
    expect((await as(staff, `/api/admin/help-requests/${asked.id}/status`, { method: 'PUT', body: { status: 'closed' } })).status).toBe(200);

    const entries = await auditOf(asked.id);
    expect(entries).toEqual([
      {
        id: expect.any(String),
        actorId: staff.id,
        action: 'set_help_request_status',
        targetKind: 'help_request',
        targetId: asked.id,
        reportId: null,
        reason: 'status answered -> closed',
        createdAt: expect.stringMatching(ISO),
      },
      {
        id: expect.any(String),
        actorId: staff.id,
        action: 'reply_to_help_request',
        targetKind: 'help_request',
        targetId: asked.id,
        reportId: null,
        reason: `reply ${replyId}; status open -> answered`,
        createdAt: expect.stringMatching(ISO),
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(replyText);
    // The same log over MCP.
    const viaTool = toolResult(await mcp(base, 'tools/call', { name: 'list_audit_log', arguments: { limit: 100 } }, await mcpToken(staff)));
    expect(viaTool.entries.filter((e: any) => e.targetId === asked.id).map((e: any) => e.action)).toEqual(['set_help_request_status', 'reply_to_help_request']);
  });

  it('replies are limited to 60 an hour per staff member (helpReplies): the 61st is 429 with Retry-After, stores nothing and is not audited', async () => {
    const policy = await api(base, '/api/safety-policy');
    expect(policy.body.writeLimits.find((l: any) => l.name === 'helpReplies')).toEqual({
      name: 'helpReplies',
      bucket: 'help_replies',
      max: 60,
      window: 'hour',
      covers: expect.stringContaining('help requests'),
    });
    // A staff member of its own, so the other tests' replies do not count here.
    const desk = await createMember(nats, { staff: true });
    const asked = await ask('question', `Many questions. ${randomUUID()}`, {}, await createMember(nats));
    for (let i = 0; i < 60; i += 1) {
      const res = await as(desk, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: `Answer ${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const refused = await as(desk, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: 'One too many' } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body).toMatchObject({ error: expect.stringContaining('At most 60 per hour'), retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

    const detail = await as(desk, `/api/admin/help-requests/${asked.id}`);
    expect(detail.body.replies).toHaveLength(60);
    expect(detail.body.replies.map((r: any) => r.message)).not.toContain('One too many');
    expect((await auditOf(asked.id)).filter((e) => e.actorId === desk.id)).toHaveLength(60);
    // Another staff member still replies: the limit is per staff member.
    expect((await as(staff, `/api/admin/help-requests/${asked.id}/replies`, { body: { message: 'Still here.' } })).status).toBe(201);
  });

  it("a member who is not staff gets 403 on every staff route, and nobody reads another member's requests", async () => {
    const asked = await ask('account', `Please change my name. ${randomUUID()}`);
    for (const [path, init] of [
      ['/api/admin/help-requests', {}],
      [`/api/admin/help-requests/${asked.id}`, {}],
      [`/api/admin/help-requests/${asked.id}/replies`, { body: { message: 'I answer myself.' } }],
      [`/api/admin/help-requests/${asked.id}/status`, { method: 'PUT', body: { status: 'closed' } }],
    ] as const) {
      for (const who of [member, other]) {
        const res = await as(who, path, init);
        expect(res.status, `${path} as a member`).toBe(403);
      }
    }
    expect((await mine(member)).find((r) => r.id === asked.id)).toMatchObject({ status: 'open', replies: [] });
    expect(JSON.stringify(await mine(other))).not.toContain(asked.id);
    expect((await api(base, '/api/me/help-requests')).status).toBe(401);
  });

  it("lists the member's own requests newest first, paged with limit and offset", async () => {
    const asker = await createMember(nats);
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await as(asker, '/api/help', { body: { topic: 'question', message: `Question ${i}` } });
      expect(res.status).toBe(201);
      sent.push(res.body.id);
    }
    const first = await as(asker, '/api/me/help-requests?limit=2');
    expect(first.body.helpRequests.map((r: any) => r.id)).toEqual([sent[2], sent[1]]);
    expect(first.body.nextOffset).toBe(2);
    const rest = await as(asker, '/api/me/help-requests?limit=2&offset=2');
    expect(rest.body).toEqual({ helpRequests: [expect.objectContaining({ id: sent[0], message: 'Question 0' })], nextOffset: null });
    expect((await as(asker, '/api/me/help-requests?limit=101')).status).toBe(400);
  });
});

describe('a failure of ours names where to take it', () => {
  it('a 503 carries the help pointer (report it, support for refunds, chargebacks and payments, a feature) on REST and over MCP', async () => {
    const token = await mcpToken(member);
    await service('stop', 'admin');
    try {
      const res = await as(member, '/api/me/help-requests');
      expect(res.status).toBe(503);
      const viaTool = toolError(await mcp(base, 'tools/call', { name: 'contact_for_help', arguments: { topic: 'payment', message: 'Charged twice.' } }, token));
      expect(viaTool.status).toBe(503);
      for (const help of [res.body.help, viaTool.help]) {
        expect(help).toMatch(/POST \/api\/problem-reports/);
        expect(help).toMatch(/refunds, chargebacks or payments ask support with POST \/api\/help \(MCP: contact_for_help\)/);
        expect(help).toMatch(/POST \/api\/feature-requests/);
      }
    } finally {
      await service('start', 'admin');
    }
    await until(async () => (await as(member, '/api/me/help-requests')).status === 200, { timeoutMs: 30_000, what: 'admin back' });
  });
});
