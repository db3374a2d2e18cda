import { randomUUID } from 'node:crypto';

import type { EventEnvelope } from '@marketplace/contracts';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationConversation, writeAlert } from '../alerts/write-alert.js';
import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { MemberEventsPruner } from './member-events.pruner.js';

/**
 * Medium: the event log and webhook deliveries as alerts write them, on a real PostgreSQL schema
 * built by the migrations: one log row and one delivery per endpoint for each event, whatever the
 * redeliveries, and the pruner dropping what is past keeping (never a pending delivery).
 */
function event(type: string): EventEnvelope {
  return { id: randomUUID(), type, version: 1, producer: 'applications', occurredAt: new Date().toISOString(), payload: {} };
}

describe('member events and webhook deliveries, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('logs each event once per member, fans out to matching endpoints once, and prunes past 30 days', async () => {
    const member = randomUUID();
    const [all, messagesOnly, other] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [id, events] of [
      [all, '{}'],
      [messagesOnly, '{message.sent}'],
      [other, '{work.submitted}'],
    ] as const) {
      await db.ds.query(`INSERT INTO webhook_endpoints (id, member_id, url, events, secret_sealed) VALUES ($1, $2, 'http://127.0.0.1:9/x', $3, 'x')`, [
        id,
        member,
        events,
      ]);
    }
    const sent = event('message.sent');
    for (let i = 0; i < 2; i++) {
      await db.ds.transaction((em) => writeAlert(em, sent, member, 'A message.', applicationConversation(randomUUID(), randomUUID())));
    }
    const logged = (await db.ds.query('SELECT type FROM member_events WHERE member_id = $1', [member])) as { type: string }[];
    expect(logged).toEqual([{ type: 'message.sent' }]);
    const deliveries = (await db.ds.query('SELECT endpoint_id FROM webhook_deliveries WHERE event_id = $1 ORDER BY endpoint_id', [sent.id])) as {
      endpoint_id: string;
    }[];
    expect(deliveries.map((d) => d.endpoint_id)).toEqual([all, messagesOnly].sort());

    await db.ds.query(`UPDATE member_events SET created_at = now() - interval '31 days' WHERE member_id = $1`, [member]);
    await db.ds.query(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days', status = 'delivered' WHERE endpoint_id = $1`, [all]);
    await db.ds.query(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE endpoint_id = $1`, [messagesOnly]);
    const pruned = await new MemberEventsPruner(db.ds).run();
    expect(pruned).toMatchObject({ events: 1, webhookDeliveries: 1 });
    const left = (await db.ds.query('SELECT endpoint_id, status FROM webhook_deliveries WHERE event_id = $1', [sent.id])) as {
      endpoint_id: string;
      status: string;
    }[];
    expect(left).toEqual([{ endpoint_id: messagesOnly, status: 'pending' }]);
  });
});
