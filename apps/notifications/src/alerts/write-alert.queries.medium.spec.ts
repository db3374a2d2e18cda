import { randomUUID } from 'node:crypto';

import { alertEmailQueue, alertPushQueue, type EventEnvelope, webhookDeliveryQueue } from '@marketplace/contracts';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { applicationConversation, writeAlert } from './write-alert.js';
import { type AlertRouting, writeAlertRows } from './write-alert.queries.js';

/**
 * Medium: the alert's one statement on a real PostgreSQL schema built by the migrations: the rows
 * a new alert writes (alert, member event, email row, the member's email row opening a digest or
 * joining the open one), none for a switched-off family or a redelivered event, the endpoints and
 * push subscription it finds, and how many statements writeAlert sends in the common case.
 */
function event(type: string): EventEnvelope {
  return { id: randomUUID(), type, version: 1, producer: 'applications', occurredAt: new Date().toISOString(), payload: {} };
}

const payload = {
  message: 'A message.',
  conversationKey: 'application:x',
  conversationKind: 'application',
  jobId: null,
  applicationId: null,
  commentId: null,
  title: null,
} as const;

describe('the alert statement, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: 'smtp://127.0.0.1:1', emailWindowMs: 60_000, push: { subject: 'mailto:ops@example.test' } });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    await db?.drop();
  }, 60_000);

  const write = (e: EventEnvelope, memberId: string, routing: Partial<AlertRouting> = {}) =>
    writeAlertRows(
      db.ds,
      {
        id: randomUUID(),
        member_id: memberId,
        kind: e.type,
        message: 'A message.',
        job_id: null,
        application_id: null,
        comment_id: null,
        title: null,
        conversation_key: 'application:x',
        conversation_kind: 'application',
        event_id: e.id,
        created_at: e.occurredAt,
      },
      { payload, email: null, push: false, ...routing },
    );
  const messagesEmail = (candidate = randomUUID()) => ({ emailSwitch: 'messages', column: 'email_messages' as const, candidate });
  const count = async (table: string, memberId: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE member_id = $1`, [memberId]))[0]!.n;

  it('writes the alert, its member event and email rows, opening a digest for the first and joining it for the next', async () => {
    const member = randomUUID();
    const sent = event('message.sent');
    const first = messagesEmail();
    const written = await write(sent, member, { email: first });
    expect(written).toEqual({ id: expect.any(String), opened: true, last_closed_at: null, endpoints: [], pushed: false });
    expect(await db.query('SELECT id, event_id FROM alerts WHERE member_id = $1', [member])).toEqual([{ id: written!.id, event_id: sent.id }]);
    expect(await db.query('SELECT event_id, type, payload, occurred_at FROM member_events WHERE member_id = $1', [member])).toEqual([
      { event_id: sent.id, type: 'message.sent', payload, occurred_at: new Date(sent.occurredAt) },
    ]);
    expect(await db.query('SELECT alert_id, digest_id, email_switch FROM email_alerts WHERE member_id = $1', [member])).toEqual([
      { alert_id: written!.id, digest_id: null, email_switch: 'messages' },
    ]);
    expect(await db.query('SELECT open_digest_id, last_closed_at FROM email_members WHERE member_id = $1', [member])).toEqual([
      { open_digest_id: first.candidate, last_closed_at: null },
    ]);

    const second = await write(event('message.sent'), member, { email: messagesEmail() });
    expect(second?.opened).toBe(false);
    expect(await count('email_alerts', member)).toBe(2);
    expect(await db.query('SELECT open_digest_id FROM email_members WHERE member_id = $1', [member])).toEqual([{ open_digest_id: first.candidate }]);

    // The sender closed the digest: the next alert opens another, due a window after that close.
    const closedAt = new Date(Date.now() - 1000);
    await db.query('UPDATE email_members SET open_digest_id = NULL, last_closed_at = $2 WHERE member_id = $1', [member, closedAt]);
    const next = messagesEmail();
    expect(await write(event('message.sent'), member, { email: next })).toMatchObject({ opened: true, last_closed_at: closedAt });
  });

  it('writes no email row for a switched-off family, and always emails the account', async () => {
    const member = randomUUID();
    await db.query('INSERT INTO notification_preferences (member_id, email_messages) VALUES ($1, false)', [member]);
    expect(await write(event('message.sent'), member, { email: messagesEmail() })).toMatchObject({ opened: false, last_closed_at: null });
    expect(await count('email_alerts', member)).toBe(0);
    expect(await count('email_members', member)).toBe(0);
    expect(await count('member_events', member)).toBe(1);

    expect(
      await write(event('work.submitted'), member, { email: { emailSwitch: 'hiringAndWork', column: 'email_hiring_and_work', candidate: randomUUID() } }),
    ).toMatchObject({
      opened: true,
    });
    await db.query('UPDATE notification_preferences SET email_hiring_and_work = false WHERE member_id = $1', [member]);
    expect(await write(event('webhook.disabled'), member, { email: { emailSwitch: 'account', column: null, candidate: randomUUID() } })).toMatchObject({
      opened: false,
    });
    expect(await db.query('SELECT email_switch FROM email_alerts WHERE member_id = $1 ORDER BY email_switch', [member])).toEqual([
      { email_switch: 'account' },
      { email_switch: 'hiringAndWork' },
    ]);
  });

  it('writes nothing again for a redelivered event', async () => {
    const member = randomUUID();
    const sent = event('message.sent');
    const candidate = randomUUID();
    expect(await write(sent, member, { email: messagesEmail(candidate) })).toBeDefined();
    await db.query('UPDATE email_members SET open_digest_id = NULL WHERE member_id = $1', [member]);
    // Had the redelivery reached the email rows, it would open this candidate.
    expect(await write(sent, member, { email: messagesEmail(), push: true })).toBeUndefined();
    expect(await count('alerts', member)).toBe(1);
    expect(await count('member_events', member)).toBe(1);
    expect(await count('email_alerts', member)).toBe(1);
    expect(await db.query('SELECT open_digest_id FROM email_members WHERE member_id = $1', [member])).toEqual([{ open_digest_id: null }]);
  });

  it("returns the member's active endpoints taking the kind, and their push subscription when push is on", async () => {
    const member = randomUUID();
    const [all, messagesOnly, other, disabled] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const [id, events] of [
      [all, '{}'],
      [messagesOnly, '{message.sent}'],
      [other, '{work.submitted}'],
      [disabled, '{}'],
    ] as const) {
      await db.query(`INSERT INTO webhook_endpoints (id, member_id, url, events, secret_sealed) VALUES ($1, $2, 'http://127.0.0.1:9/x', $3, 'x')`, [
        id,
        member,
        events,
      ]);
    }
    await db.query('UPDATE webhook_endpoints SET disabled_at = now() WHERE id = $1', [disabled]);
    await db.query(`INSERT INTO webhook_endpoints (id, member_id, url, events, secret_sealed) VALUES ($1, $2, 'http://127.0.0.1:9/x', '{}', 'x')`, [
      randomUUID(),
      randomUUID(),
    ]);
    const found = await write(event('message.sent'), member, { push: true });
    expect([...found!.endpoints].sort()).toEqual([all, messagesOnly].sort());
    expect(found!.pushed).toBe(false);

    await db.query(`INSERT INTO push_subscriptions (endpoint, member_id, p256dh, auth) VALUES ($1, $2, 'p', 'a')`, [`https://push.example/${member}`, member]);
    expect((await write(event('work.submitted'), member, { push: true }))?.pushed).toBe(true);
    expect((await write(event('work.submitted'), member, { push: false }))?.pushed).toBe(false);
  });

  it('writeAlert sends two statements for an alert joining an open digest, and queues each rare write once', async () => {
    const member = randomUUID();
    const statements = async (e: EventEnvelope) =>
      db.ds.transaction(async (em) => {
        // The kit runs statements on the transaction's own connection: count what reaches it.
        const connection = (await em.queryRunner!.connect()) as { query: (...args: unknown[]) => unknown };
        const spy = vi.spyOn(connection, 'query');
        try {
          await writeAlert(em, e, member, 'A message.', applicationConversation(randomUUID(), randomUUID()));
          return spy.mock.calls.length;
        } finally {
          spy.mockRestore();
        }
      });
    const queued = async (subject: string) =>
      (await db.query<{ envelope: { payload: Record<string, string> } }>('SELECT envelope FROM outbox_events WHERE subject = $1', [subject])).map(
        (r) => r.envelope.payload,
      );

    // The first opens a digest: the statement, the digest, its work item, the announcement.
    const opening = event('message.sent');
    expect(await statements(opening)).toBe(4);
    expect(await statements(event('message.sent'))).toBe(2);
    // Redelivered: the statement alone, which writes nothing.
    expect(await statements(opening)).toBe(1);
    const [digest] = await db.query<{ id: string }>('SELECT id FROM email_digests WHERE member_id = $1', [member]);
    expect(await queued(alertEmailQueue.subject)).toEqual([{ digestId: digest!.id }]);

    const endpoint = randomUUID();
    await db.query(`INSERT INTO webhook_endpoints (id, member_id, url, events, secret_sealed) VALUES ($1, $2, 'http://127.0.0.1:9/x', '{}', 'x')`, [
      endpoint,
      member,
    ]);
    await db.query(`INSERT INTO push_subscriptions (endpoint, member_id, p256dh, auth) VALUES ($1, $2, 'p', 'a')`, [`https://push.example/${member}`, member]);
    const hooked = event('message.sent');
    // The statement, the push work item, the delivery and its work item, the announcement.
    expect(await statements(hooked)).toBe(5);
    expect(await statements(hooked)).toBe(1);
    const [alert] = await db.query<{ id: string }>('SELECT id FROM alerts WHERE event_id = $1', [hooked.id]);
    expect(await queued(alertPushQueue.subject)).toEqual([{ alertId: alert!.id }]);
    const [delivery] = await db.query<{ id: string; endpoint_id: string }>('SELECT id, endpoint_id FROM webhook_deliveries WHERE event_id = $1', [hooked.id]);
    expect(delivery!.endpoint_id).toBe(endpoint);
    expect(await queued(webhookDeliveryQueue.subject)).toEqual([{ deliveryId: delivery!.id }]);
  });
});
