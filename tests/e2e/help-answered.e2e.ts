import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, createMember, mailTo, mcp, toolError, toolResult, until, type TestMember } from '@marketplace/testing';
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

async function ask(topic: string, message: string, extra: Record<string, string> = {}): Promise<any> {
  const res = await as(member, '/api/help', { body: { topic, message, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function mine(who: TestMember): Promise<any[]> {
  const res = await as(who, '/api/me/help-requests?limit=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.helpRequests;
}

describe('help that gets answered', () => {
  it('staff see the sender, reply, and the member reads the reply on GET and in their email; then it is closed', async () => {
    const jobId = randomUUID();
    const asked = await ask('refund', `I was charged twice for one job. ${randomUUID()}`, { jobId, applicationId: 'app-7' });

    const list = await as(staff, '/api/admin/help-requests?limit=100');
    expect(list.status).toBe(200);
    const listed = list.body.helpRequests.find((r: any) => r.id === asked.id);
    expect(listed).toEqual({
      ...asked, memberId: member.id, via: 'key', memberName: member.name, memberEmail: member.email, status: 'open',
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
      id: asked.id, status: 'answered', memberName: member.name, memberEmail: member.email, message: asked.message, jobId,
      replies: [{ id: expect.any(String), message: replyText, staffId: staff.id, createdAt: expect.stringMatching(ISO) }],
    });

    const after = (await mine(member)).find((r) => r.id === asked.id);
    expect(after).toMatchObject({ status: 'answered', replies: [{ message: replyText, createdAt: expect.stringMatching(ISO) }] });
    // The member sees what the team wrote, not which staff member wrote it.
    expect(after.replies[0].staffId).toBeUndefined();

    const mail = await until(async () => (await mailTo(mailDir, member.email)).find((m) => m.text.includes(replyText)), {
      timeoutMs: 20_000, what: 'the reply emailed to the member',
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
    const back = await until(async () => {
      const res = await as(member, '/api/me/help-requests?limit=100');
      return res.status === 200 ? res.body.helpRequests.find((r: any) => r.id === asked.id) : undefined;
    }, { timeoutMs: 30_000, what: 'the admin service back' });
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

  it('a member who is not staff gets 403 on every staff route, and nobody reads another member\'s requests', async () => {
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

  it('lists the member\'s own requests newest first, paged with limit and offset', async () => {
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
