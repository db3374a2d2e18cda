import { randomUUID } from 'node:crypto';

import { messageSentV1 } from '@marketplace/contracts';
import { api, createMembers, type TestMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { restartService } from './support/push.js';

/**
 * The notification history through the gateway (REST): every alert stays readable with a read
 * state of its own after the member's agent took it with the once-only delivery; paged, newest
 * first, marked read one at a time or all up to a time, private to its member, and kept in
 * PostgreSQL across a restart of the notifications service.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const control = inject('controlUrl');

const COUNT = 5;

/** A message to `member` about an application of its own: one alert each. */
async function messageTo(member: TestMember, title: string): Promise<void> {
  await publishEvent(nats, messageSentV1, {
    messageId: randomUUID(),
    applicationId: randomUUID(),
    jobId: randomUUID(),
    title,
    senderId: randomUUID(),
    recipientId: member.id,
    senderRole: 'applicant',
    sentAt: new Date().toISOString(),
  });
}

const history = (member: TestMember, query = '') => api(base, `/api/me/notifications${query}`, { key: member.key });

describe('GET /api/me/notifications and marking read', () => {
  it('keeps what the agent took, unread, paged newest first; marks one and all up to a time; shows another member none', async () => {
    const [member, other] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const tag = randomUUID().slice(0, 6);
    for (let i = 0; i < COUNT; i++) await messageTo(member, `Fence ${tag} ${i}`);
    await until(async () => (await history(member)).body.total === COUNT || undefined, { what: 'the alerts to be written' });

    // The agent takes every alert with the once-only delivery; asking again finds nothing new.
    const delivered = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
    expect(delivered.status).toBe(200);
    const taken = delivered.body.conversations.flatMap((c: { alerts: { id: string }[] }) => c.alerts.map((a) => a.id)) as string[];
    expect(taken).toHaveLength(COUNT);
    const again = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
    expect(again.body.conversations).toEqual([]);

    // The history still has every one of them, unread, newest first.
    const all = await history(member);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toContain('no-store');
    expect(all.body).toMatchObject({ total: COUNT, unreadCount: COUNT });
    const listed = all.body.notifications as Array<{ id: string; kind: string; message: string; title: string; createdAt: string; readAt: string | null }>;
    expect(listed.map((n) => n.id).sort()).toEqual([...taken].sort());
    expect(listed.every((n) => n.readAt === null && n.kind === 'message.sent')).toBe(true);
    expect(listed.map((n) => n.title)).toEqual([...Array(COUNT).keys()].reverse().map((i) => `Fence ${tag} ${i}`));
    const times = listed.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(JSON.stringify(all.body)).not.toContain(member.email);

    // Pages of two: the same rows in the same order, and the total on each page.
    const paged: string[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await history(member, `?limit=2&offset=${offset}`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(COUNT);
      expect(page.body.notifications).toHaveLength(offset === 4 ? 1 : 2);
      paged.push(...page.body.notifications.map((n: { id: string }) => n.id));
    }
    expect(paged).toEqual(listed.map((n) => n.id));
    expect((await history(member, '?offset=10')).body).toEqual({ notifications: [], total: COUNT, unreadCount: COUNT });
    expect((await history(member)).body.notifications).toHaveLength(COUNT);

    // Out of range or malformed paging is refused with the field named.
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?offset=-1', 'offset'],
      ['?unread=maybe', 'unread'],
    ] as const) {
      const refused = await history(member, query);
      expect(refused.status, query).toBe(400);
      expect(Object.keys(refused.body.fields ?? {}), query).toEqual([field]);
    }
    expect((await api(base, '/api/me/notifications')).status).toBe(401);

    // Another member sees none of them and cannot mark one read.
    expect((await history(other)).body).toEqual({ notifications: [], total: 0, unreadCount: 0 });
    const foreign = await api(base, `/api/me/notifications/${listed[0]!.id}/read`, { key: other.key, method: 'POST' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'No such notification.', code: 'not_found' });
    expect((await api(base, '/api/me/notifications/not-a-uuid/read', { key: member.key, method: 'POST' })).status).toBe(404);

    // Marking one read: it keeps the first time on a repeat; the filter splits read and unread.
    const newest = listed[0]!;
    const marked = await api(base, `/api/me/notifications/${newest.id}/read`, { key: member.key, method: 'POST' });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: newest.id, message: newest.message });
    expect(marked.body.readAt).toEqual(expect.any(String));
    const repeat = await api(base, `/api/me/notifications/${newest.id}/read`, { key: member.key, method: 'POST' });
    expect(repeat.body.readAt).toBe(marked.body.readAt);
    const unread = await history(member, '?unread=true');
    expect(unread.body).toMatchObject({ total: COUNT - 1, unreadCount: COUNT - 1 });
    expect(unread.body.notifications.map((n: { id: string }) => n.id)).toEqual(listed.slice(1).map((n) => n.id));
    const read = await history(member, '?unread=false');
    expect(read.body).toMatchObject({ total: 1, unreadCount: COUNT - 1 });
    expect(read.body.notifications[0]).toMatchObject({ id: newest.id, readAt: marked.body.readAt });

    // All up to a time: the two oldest; what came after stays unread.
    const upTo = listed[COUNT - 2]!.createdAt;
    const upToNow = await api(base, '/api/me/notifications/read', { key: member.key, body: { upTo } });
    expect(upToNow.status).toBe(200);
    expect(upToNow.body).toEqual({ marked: 2, unreadCount: COUNT - 3 });
    expect((await history(member, '?unread=true')).body.notifications.map((n: { id: string }) => n.id)).toEqual(listed.slice(1, COUNT - 2).map((n) => n.id));
    expect((await api(base, '/api/me/notifications/read', { key: member.key, body: { upTo: 'yesterday' } })).body.fields).toEqual({
      upTo: 'Must be an ISO 8601 date-time.',
    });
    // An offset PostgreSQL would refuse is read as the instant it names (long past: nothing more to mark).
    expect((await api(base, '/api/me/notifications/read', { key: member.key, body: { upTo: '2001-02-03T09:30:18+22:23' } })).body).toEqual({
      marked: 0,
      unreadCount: COUNT - 3,
    });
    // So is the year 0000, which PostgreSQL has no day of.
    expect((await api(base, '/api/me/notifications/read', { key: member.key, body: { upTo: '0000-01-01T00:00:00.000Z' } })).body).toEqual({
      marked: 0,
      unreadCount: COUNT - 3,
    });

    // Reading and marking gave the agent nothing back to take.
    expect((await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' })).body.conversations).toEqual([]);

    // Kept in PostgreSQL: a restarted notifications service answers the same history.
    const before = (await history(member)).body;
    await restartService(control, 'notifications', {});
    const after = await until(
      async () => {
        const res = await history(member);
        return res.status === 200 ? res.body : undefined;
      },
      { timeoutMs: 30_000, what: 'the notifications service back' },
    );
    expect(after).toEqual(before);

    // Everything now: nothing unread is left.
    const everything = await api(base, '/api/me/notifications/read', { key: member.key, method: 'POST', body: {} });
    expect(everything.body).toEqual({ marked: COUNT - 3, unreadCount: 0 });
    expect((await history(member, '?unread=true')).body).toEqual({ notifications: [], total: 0, unreadCount: 0 });
  });
});
