import { randomUUID } from 'node:crypto';

import { messageSentV1 } from '@marketplace/contracts';
import { createMember, dbQuery, signIn, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const mailDir = inject('mailDir');

const states = async (memberId: string) =>
  (
    await dbQuery<{ pending: number; unread: number }>(
      db,
      `SELECT count(*) FILTER (WHERE delivered_at IS NULL)::int AS pending, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
   FROM notifications.alerts WHERE member_id = $1`,
      [memberId],
    )
  )[0]!;

describe('/me/notifications', () => {
  it('a GET (a link from another site) shows the history and changes nothing; marking read is a same-origin POST that leaves the agent its alerts', async () => {
    const member = await createMember(nats);
    const { cookie } = await signIn(base, mailDir, { email: member.email });
    const title = `Tune a harp ${randomUUID().slice(0, 6)}`;
    await publishEvent(nats, messageSentV1, {
      messageId: randomUUID(),
      applicationId: randomUUID(),
      jobId: randomUUID(),
      title,
      senderId: randomUUID(),
      recipientId: member.id,
      senderRole: 'poster',
      sentAt: new Date().toISOString(),
    });
    const waiting = await until(
      async () => {
        const s = await states(member.id);
        return s.pending ? s : undefined;
      },
      { what: 'the alert to be written' },
    );

    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${base}/me/notifications`, { headers: { cookie, referer: 'https://elsewhere.example/' } });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain(title);
      expect(text).toContain('action="/me/notifications/read"');
    }
    expect(await states(member.id)).toEqual(waiting);

    const post = (origin: string) =>
      fetch(`${base}/me/notifications/read`, {
        method: 'POST',
        body: `upTo=${encodeURIComponent(new Date().toISOString())}`,
        redirect: 'manual',
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      });
    const crossSite = await post('https://elsewhere.example');
    expect(crossSite.status).toBe(401);
    expect(await states(member.id)).toEqual(waiting);

    const marked = await post(new URL(base).origin);
    expect(marked.status).toBe(303);
    expect(marked.headers.get('location')).toBe('/me/notifications?done=all-read');
    expect(await states(member.id)).toEqual({ pending: waiting.pending, unread: 0 });
    const again = await (await fetch(`${base}/me/notifications`, { headers: { cookie } })).text();
    expect(again).toContain(title);
    expect(again).toContain('All read.');
  });
});
