import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import type { MemberEventPayload } from './member-events.queries.js';
import { insertMemberEvent, memberEventsAfter, pruneMemberEvents, pruneSettledWebhookDeliveries } from './member-events.queries.js';

/**
 * Medium: the event log's statements on a real PostgreSQL schema built by the migrations:
 * appended once per event, read after a cursor in order, and pruned with settled webhook deliveries.
 */
const payload = (message: string): MemberEventPayload => ({
  message,
  conversationKey: 'job:x',
  conversationKind: 'job',
  jobId: randomUUID(),
  applicationId: null,
  commentId: null,
  title: 'A job',
});

describe('the event log statements, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('appends each event once and reads the log after a cursor, oldest first', async () => {
    const member = randomUUID();
    const events = [randomUUID(), randomUUID(), randomUUID()];
    const occurredAt = '2026-01-02T03:04:05.678Z';
    for (const [i, eventId] of events.entries()) {
      await insertMemberEvent(db.ds, { memberId: member, eventId, type: 'job.posted', occurredAt, payload: payload(`m${i}`) });
    }
    await insertMemberEvent(db.ds, { memberId: member, eventId: events[0]!, type: 'job.posted', occurredAt, payload: payload('again') });

    const all = await memberEventsAfter(db.ds, member, '0', 30, 10);
    expect(all.map((e) => e.event_id)).toEqual(events);
    expect(all.map((e) => e.payload.message)).toEqual(['m0', 'm1', 'm2']);
    expect(all[0]).toMatchObject({
      type: 'job.posted',
      occurred_at: new Date(occurredAt),
      payload: { conversationKind: 'job', title: 'A job', applicationId: null },
    });
    expect(typeof all[0]!.seq).toBe('string');
    const rest = await memberEventsAfter(db.ds, member, all[0]!.seq, 30, 1);
    expect(rest.map((e) => e.event_id)).toEqual([events[1]]);
    expect(await memberEventsAfter(db.ds, randomUUID(), '0', 30, 10)).toEqual([]);
  });

  it('prunes events and settled deliveries past the days kept, never a pending delivery', async () => {
    const member = randomUUID();
    await insertMemberEvent(db.ds, {
      memberId: member,
      eventId: randomUUID(),
      type: 'job.posted',
      occurredAt: new Date().toISOString(),
      payload: payload('old'),
    });
    await insertMemberEvent(db.ds, {
      memberId: member,
      eventId: randomUUID(),
      type: 'job.posted',
      occurredAt: new Date().toISOString(),
      payload: payload('new'),
    });
    await db.query(`UPDATE member_events SET created_at = now() - interval '31 days' WHERE member_id = $1 AND payload->>'message' = 'old'`, [member]);
    const endpoint = randomUUID();
    await db.query(`INSERT INTO webhook_endpoints (id, member_id, url, secret_sealed) VALUES ($1, $2, 'http://127.0.0.1:9/x', 'x')`, [endpoint, member]);
    for (const status of ['delivered', 'failed', 'pending']) {
      await db.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, type, body, status, created_at) VALUES ($1, $2, 'webhook.ping', '{}', $3, now() - interval '31 days')`,
        [randomUUID(), endpoint, status],
      );
    }
    await db.query(`INSERT INTO webhook_deliveries (id, endpoint_id, type, body, status) VALUES ($1, $2, 'webhook.ping', '{}', 'delivered')`, [
      randomUUID(),
      endpoint,
    ]);

    expect(await pruneMemberEvents(db.ds, 30)).toBe(1);
    expect(await pruneMemberEvents(db.ds, 30)).toBe(0);
    expect((await memberEventsAfter(db.ds, member, '0', 30, 10)).map((e) => e.payload.message)).toEqual(['new']);
    expect(await pruneSettledWebhookDeliveries(db.ds, 30)).toBe(2);
    expect(await db.query('SELECT status FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY status', [endpoint])).toEqual([
      { status: 'delivered' },
      { status: 'pending' },
    ]);
  });
});
