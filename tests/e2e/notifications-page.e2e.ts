import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { messageSentV1 } from '@marketplace/contracts';
import { createMember, dbQuery, signIn, until } from '@marketplace/testing';
import { publishEvent } from './support/bus.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const mailDir = inject('mailDir');

const pending = async (memberId: string) =>
  (await dbQuery<{ n: number }>(db, 'SELECT count(*)::int AS n FROM notifications.alerts WHERE member_id = $1 AND delivered_at IS NULL', [memberId]))[0]!.n;

describe('/me/notifications', () => {
  it('a GET (a link from another site) marks nothing; the page\'s same-origin POST shows the alerts once', async () => {
    const member = await createMember(nats);
    const { cookie } = await signIn(base, mailDir, { email: member.email });
    const title = `Tune a harp ${randomUUID().slice(0, 6)}`;
    await publishEvent(nats, messageSentV1, {
      messageId: randomUUID(), applicationId: randomUUID(), jobId: randomUUID(), title, senderId: randomUUID(),
      recipientId: member.id, senderRole: 'poster', sentAt: new Date().toISOString(),
    });
    const waiting = await until(async () => (await pending(member.id)) || undefined, { what: 'the alert to be written' });

    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${base}/me/notifications`, { headers: { cookie, referer: 'https://elsewhere.example/' } });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).not.toContain(title);
      expect(text).toContain('action="/me/notifications/alerts"');
    }
    expect(await pending(member.id)).toBe(waiting);

    const post = (origin: string) => fetch(`${base}/me/notifications/alerts`, {
      method: 'POST', body: '', headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const crossSite = await post('https://elsewhere.example');
    expect(crossSite.status).toBe(401);
    expect(await pending(member.id)).toBe(waiting);

    const shown = await post(new URL(base).origin);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(title);
    expect(await pending(member.id)).toBe(0);
    const again = await (await post(new URL(base).origin)).text();
    expect(again).not.toContain(title);
    expect(again).toContain('Nothing new since you last looked.');
  });
});
