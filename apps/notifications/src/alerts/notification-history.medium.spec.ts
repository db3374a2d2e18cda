import { randomUUID } from 'node:crypto';

import type { EventEnvelope } from '@marketplace/contracts';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { claimAlerts } from './claim-alerts.js';
import { NotificationHistoryPruner } from './notification-history.pruner.js';
import { countNotifications, markAllRead, markRead, notificationPage } from './notification-history.queries.js';
import { applicationConversation, writeAlert } from './write-alert.js';

/**
 * Medium: the notification history on a real PostgreSQL schema built by the migrations. The
 * pruner removes alerts past 90 days (delivered or not, read or not) with their push and email
 * bookkeeping, and keeps everything younger, read state included.
 */
function event(daysAgo: number): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'message.sent',
    version: 1,
    producer: 'applications',
    occurredAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    payload: {},
  };
}

describe('the notification history, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('prunes alerts older than 90 days whatever their delivery and read state, and keeps the rest', async () => {
    const member = randomUUID();
    const write = async (daysAgo: number) => {
      const e = event(daysAgo);
      await db.ds.transaction((em) => writeAlert(em, e, member, `Sent ${daysAgo} days ago.`, applicationConversation(randomUUID(), randomUUID())));
      const [row] = (await db.ds.query('SELECT id FROM alerts WHERE event_id = $1', [e.id])) as { id: string }[];
      return row!.id;
    };
    const [old, older, kept, fresh] = [await write(91), await write(120), await write(89), await write(0)];
    // One old alert was taken by an agent and read by the person; the other neither.
    const taken = await claimAlerts(db.ds, member, { onlyWithAgentNotifications: false, window: 1 });
    expect(taken.conversations.flatMap((c) => c.alerts.map((a) => a.id))).toEqual([older]);
    await db.ds.query('UPDATE alerts SET read_at = now() WHERE id = ANY($1)', [[older, kept]]);
    for (const id of [old, older, kept]) {
      await db.ds.query(`INSERT INTO push_deliveries (alert_id, endpoint) VALUES ($1, 'https://push.example/x')`, [id]);
      await db.ds.query(`INSERT INTO email_alerts (alert_id, member_id, email_switch) VALUES ($1, $2, 'messages')`, [id, member]);
    }

    expect(await new NotificationHistoryPruner(db.ds).run()).toEqual({ alerts: 2 });
    const left = (await db.ds.query('SELECT id, read_at IS NOT NULL AS read FROM alerts WHERE member_id = $1 ORDER BY created_at', [member])) as {
      id: string;
      read: boolean;
    }[];
    expect(left).toEqual([
      { id: kept, read: true },
      { id: fresh, read: false },
    ]);
    const pushes = (await db.ds.query('SELECT alert_id FROM push_deliveries WHERE alert_id = ANY($1)', [[old, older, kept]])) as { alert_id: string }[];
    expect(pushes).toEqual([{ alert_id: kept }]);
    const emails = (await db.ds.query('SELECT alert_id FROM email_alerts WHERE member_id = $1', [member])) as { alert_id: string }[];
    expect(emails).toEqual([{ alert_id: kept }]);
    expect(await new NotificationHistoryPruner(db.ds).run()).toEqual({ alerts: 0 });
  });

  it('counts, pages newest first, filters read and unread, marks one (once) and all up to a time', async () => {
    const member = randomUUID();
    const ids: string[] = [];
    for (const daysAgo of [3, 2, 1]) {
      const e = event(daysAgo);
      await db.ds.transaction((em) => writeAlert(em, e, member, `Sent ${daysAgo} days ago.`, applicationConversation(randomUUID(), randomUUID())));
      const [row] = (await db.ds.query('SELECT id FROM alerts WHERE event_id = $1', [e.id])) as { id: string }[];
      ids.push(row!.id);
    }
    const [oldest, middle, newest] = ids as [string, string, string];
    expect(await countNotifications(db.ds, member, undefined)).toEqual({ total: 3, unread: 3 });
    expect((await notificationPage(db.ds, member, undefined, 0, 2)).map((n) => n.id)).toEqual([newest, middle]);
    expect((await notificationPage(db.ds, member, undefined, 2, 2)).map((n) => n.id)).toEqual([oldest]);

    const read = await markRead(db.ds, middle, member);
    expect(read?.read_at).toBeInstanceOf(Date);
    expect((await markRead(db.ds, middle, member))?.read_at).toEqual(read?.read_at);
    expect(await markRead(db.ds, middle, randomUUID())).toBeUndefined();
    expect(await countNotifications(db.ds, member, true)).toEqual({ total: 1, unread: 2 });
    expect(await countNotifications(db.ds, member, false)).toEqual({ total: 2, unread: 2 });
    expect((await notificationPage(db.ds, member, false, 0, 5)).map((n) => n.id)).toEqual([newest, oldest]);

    // Up to two days ago marks the oldest alone (the middle one is read already); the newest stays.
    expect(await markAllRead(db.ds, member, new Date(Date.now() - 1.5 * 86_400_000))).toEqual({ marked: 1, unread: 1 });
    expect(await markAllRead(db.ds, member, null)).toEqual({ marked: 1, unread: 0 });
    expect(await countNotifications(db.ds, member, false)).toEqual({ total: 0, unread: 0 });
  });
});
