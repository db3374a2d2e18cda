import { randomUUID } from 'node:crypto';

import { applicationSubmittedV1, messageSentV1 } from '@marketplace/contracts';
import { api, createMember, dbQuery, mcp, type TestMember, toolResult, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');

interface Alert {
  id: string;
  kind: string;
  message: string;
  jobId: string | null;
  applicationId: string | null;
  createdAt: string;
}
interface Conversation {
  conversationKey: string;
  kind: string;
  subject: { jobId: string | null; applicationId: string | null; commentId: string | null; title: string | null };
  alerts: Alert[];
}
interface Delivered {
  conversations: Conversation[];
  more: boolean;
}

async function deliver(member: TestMember): Promise<Delivered> {
  const res = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
  if (res.status !== 200) throw new Error(`deliver answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Waits until the notifications service has written `count` undelivered alerts for the member. */
async function pending(member: TestMember, count: number): Promise<void> {
  await until(async () => {
    const rows = await dbQuery(db, 'SELECT 1 FROM notifications.alerts WHERE member_id = $1 AND delivered_at IS NULL', [member.id]);
    return rows.length >= count ? true : undefined;
  });
}

/** An application event for the poster, as the applications service emits it. */
function applied(poster: TestMember, applicationId = randomUUID(), jobId = randomUUID()): Promise<string> {
  return publishEvent(nats, applicationSubmittedV1, {
    applicationId,
    jobId,
    applicantId: randomUUID(),
    posterId: poster.id,
    jobVersion: 1,
    viaAgent: false,
    submittedAt: new Date().toISOString(),
  });
}

describe('delivery grouped by conversation', () => {
  it('alerts of two applications come back as two conversations, each alert once', async () => {
    const poster = await createMember(nats);
    const jobId = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    await applied(poster, a, jobId);
    await publishEvent(nats, messageSentV1, {
      messageId: randomUUID(),
      applicationId: a,
      jobId,
      title: 'Translate a menu',
      senderId: randomUUID(),
      recipientId: poster.id,
      senderRole: 'applicant',
      sentAt: new Date().toISOString(),
    });
    await applied(poster, b, jobId);
    await pending(poster, 3);

    const first = await deliver(poster);
    expect(first.more).toBe(false);
    expect(first.conversations).toHaveLength(2);
    const byKey = new Map(first.conversations.map((c) => [c.conversationKey, c]));
    expect(byKey.get(`application:${a}`)).toMatchObject({
      kind: 'application',
      subject: { jobId, applicationId: a, commentId: null, title: 'Translate a menu' },
    });
    expect(byKey.get(`application:${a}`)!.alerts.map((x) => x.kind)).toEqual(['application.submitted', 'message.sent']);
    expect(byKey.get(`application:${b}`)).toMatchObject({ kind: 'application', subject: { jobId, applicationId: b } });
    expect(byKey.get(`application:${b}`)!.alerts).toEqual([
      expect.objectContaining({ kind: 'application.submitted', jobId, applicationId: b, message: expect.any(String) }),
    ]);
    expect(await deliver(poster)).toEqual({ conversations: [], more: false });
  });

  it('more than ten conversations: ten now, the rest on the next call', async () => {
    const poster = await createMember(nats);
    for (let i = 0; i < 12; i++) await applied(poster);
    await pending(poster, 12);

    const first = await deliver(poster);
    expect(first.conversations).toHaveLength(10);
    expect(first.more).toBe(true);
    const second = await deliver(poster);
    expect(second.conversations).toHaveLength(2);
    expect(second.more).toBe(false);
    const keys = [...first.conversations, ...second.conversations].map((c) => c.conversationKey);
    expect(new Set(keys).size).toBe(12);
    expect(await deliver(poster)).toEqual({ conversations: [], more: false });
  });

  it('a comment thread is one conversation, replies to replies included; the job is another', async () => {
    const [poster, ann, bob] = await Promise.all([createMember(nats), createMember(nats), createMember(nats)]);
    const job = (
      await api(base, '/api/me/jobs', {
        key: poster.key,
        body: { title: 'Label a photo set', category: 'data', constraints: '## Scope\nTwo hundred photos.' },
      })
    ).body;
    const top = await api(base, `/api/jobs/${job.id}/comments`, { key: ann.key, body: { body: 'Which labels?' } });
    expect(top.status).toBe(201);
    const reply = await api(base, `/api/jobs/${job.id}/comments`, { key: bob.key, body: { body: 'Same question.', parentId: top.body.id } });
    const nested = await api(base, `/api/jobs/${job.id}/comments`, { key: ann.key, body: { body: 'Any ideas?', parentId: reply.body.id } });
    expect(nested.status).toBe(201);
    // job.posted, and three comments for the poster (none of them theirs).
    await pending(poster, 4);
    const got = await deliver(poster);
    const thread = got.conversations.find((c) => c.kind === 'comment_thread');
    expect(thread).toMatchObject({
      conversationKey: `comments:${top.body.id}`,
      subject: { jobId: job.id, commentId: top.body.id, title: 'Label a photo set' },
    });
    expect(thread!.alerts.map((a) => a.kind)).toEqual(['job.commented', 'job.commented', 'job.commented']);
    expect(got.conversations.find((c) => c.kind === 'job')).toMatchObject({ conversationKey: `job:${job.id}`, subject: { jobId: job.id } });
    expect(got.conversations).toHaveLength(2);
  });

  it('five concurrent delivers never return one alert twice, and lose none', async () => {
    const poster = await createMember(nats);
    const total = 40;
    // Published one after another: forty bus connections opened at once can outlast the server's
    // authentication timeout on a busy machine, and the concurrency under test is the delivers'.
    for (let i = 0; i < total; i++) await applied(poster);
    await pending(poster, total);

    const seen: string[] = [];
    const collect = (d: Delivered) => seen.push(...d.conversations.flatMap((c) => c.alerts.map((a) => a.id)));
    (await Promise.all(Array.from({ length: 5 }, () => deliver(poster)))).forEach(collect);
    for (let round = 0; round < 10; round++) {
      const d = await deliver(poster);
      collect(d);
      if (!d.conversations.length && !d.more) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(total);
  });
});

describe('agent notification preferences and alerts on MCP tool results', () => {
  let member: TestMember;
  let token: string;
  const call = (name: string, args: Record<string, unknown> = {}) => mcp(base, 'tools/call', { name, arguments: args }, token);

  beforeAll(async () => {
    member = await createMember(nats);
    token = await mcpToken(member);
  });

  it('on by default; turned off and on over REST and MCP, each surface seeing the other', async () => {
    expect(await api(base, '/api/me/notification-preferences', { key: member.key })).toMatchObject({ status: 200, body: { agentNotifications: true } });
    expect(toolResult(await call('get_notification_preferences'))).toEqual({ agentNotifications: true });

    const off = await api(base, '/api/me/notification-preferences', { key: member.key, method: 'PUT', body: { agentNotifications: false } });
    expect(off).toMatchObject({ status: 200, body: { agentNotifications: false } });
    expect(toolResult(await call('get_notification_preferences'))).toEqual({ agentNotifications: false });

    expect(toolResult(await call('set_notification_preferences', { agent_notifications: true }))).toEqual({ agentNotifications: true });
    expect((await api(base, '/api/me/notification-preferences', { key: member.key })).body).toEqual({ agentNotifications: true });

    const bad = await api(base, '/api/me/notification-preferences', { key: member.key, method: 'PUT', body: { agentNotifications: 'no' } });
    expect(bad.status).toBe(400);
    expect((await api(base, '/api/me/notification-preferences')).status).toBe(401);
  });

  /** Tool results until one carries alerts: the gateway hears of a new alert just after it commits. */
  async function resultWithAlerts(args: Record<string, unknown> = {}) {
    // Well inside the minute a gateway believes "nothing waits" without news: the announcement did it.
    return until(
      async () => {
        const res = await call('get_notification_preferences', args);
        return res.body.result?.structuredContent?.notifications ? res : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50, what: 'a tool result carrying the alert' },
    );
  }

  it('a tool result carries pending alerts once, beside an unchanged result', async () => {
    // A result with nothing waiting: this gateway now stops asking until it hears of an alert.
    expect(toolResult(await call('get_notification_preferences'))).toEqual({ agentNotifications: true });
    const applicationId = randomUUID();
    await applied(member, applicationId);
    await pending(member, 1);

    const res = await resultWithAlerts({ conversation_id: 'new' });
    expect(toolResult(res)).toEqual({ agentNotifications: true });
    const result = res.body.result;
    expect(result.structuredContent.notifications).toMatchObject({
      more: false,
      conversations: [{ conversationKey: `application:${applicationId}`, kind: 'application', alerts: [{ kind: 'application.submitted' }] }],
    });
    expect(result.content).toHaveLength(4);
    expect(result.content[2].text).toMatch(/^notifications: 1 new alert/);
    expect(result.content[2].text).toContain('application.submitted');
    // An alert quotes what members wrote (a job title): said to be data, not instructions.
    expect(result.content[3].text).toMatch(/^untrusted_content: .*notifications\.conversations\[\]\.alerts\[\]\.message/);
    expect(result.structuredContent.memberWritten).toEqual(['notifications.conversations[].alerts[].message']);

    // Marked delivered: neither the next tool result nor the deliver route repeats it.
    const next = await call('get_notification_preferences');
    expect(next.body.result.structuredContent.notifications).toBeUndefined();
    expect(next.body.result.content).toHaveLength(2);
    expect(await deliver(member)).toEqual({ conversations: [], more: false });
  });

  it('turned off: no alerts ride along; get_notifications still returns them', async () => {
    toolResult(await call('set_notification_preferences', { agent_notifications: false }));
    const applicationId = randomUUID();
    await applied(member, applicationId);
    await pending(member, 1);

    const res = await call('get_notification_preferences');
    expect(toolResult(res)).toEqual({ agentNotifications: false });
    expect(res.body.result.structuredContent.notifications).toBeUndefined();
    expect(res.body.result.content).toHaveLength(2);

    const pulled = toolResult<Delivered>(await call('get_notifications'));
    expect(pulled.conversations.map((c) => c.conversationKey)).toEqual([`application:${applicationId}`]);
    toolResult(await call('set_notification_preferences', { agent_notifications: true }));
  });

  it('turned back on over REST: alerts held while off ride on the next results', async () => {
    toolResult(await call('set_notification_preferences', { agent_notifications: false }));
    const applicationId = randomUUID();
    await applied(member, applicationId);
    await pending(member, 1);
    // Off: the look finds nothing to carry, and the gateway stops asking.
    expect((await call('get_notification_preferences')).body.result.structuredContent.notifications).toBeUndefined();

    const on = await api(base, '/api/me/notification-preferences', { key: member.key, method: 'PUT', body: { agentNotifications: true } });
    expect(on).toMatchObject({ status: 200, body: { agentNotifications: true } });
    const res = await resultWithAlerts();
    expect(res.body.result.structuredContent.notifications.conversations.map((c: Conversation) => c.conversationKey)).toEqual([`application:${applicationId}`]);
  });
});
