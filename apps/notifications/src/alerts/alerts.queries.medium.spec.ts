import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { agentNotificationsOf, alertsWaiting, claimPendingAlerts, insertAlert, pruneOldAlerts, setAgentNotifications } from './alerts.queries.js';

/**
 * Medium: the alerts' statements on a real PostgreSQL schema built by the migrations: writing an
 * alert once per (event, member), the pending probe, claiming by conversation, pruning, and the
 * agent notifications switch.
 */
describe('the alerts statements, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const alert = (memberId: string, conversation: string, minutesAgo: number, eventId = randomUUID()) =>
    insertAlert(db.ds, {
      id: randomUUID(),
      member_id: memberId,
      kind: 'message.sent',
      message: `${conversation} ${minutesAgo}`,
      job_id: null,
      application_id: null,
      comment_id: null,
      title: minutesAgo === 1 ? 'Titled' : null,
      conversation_key: conversation,
      conversation_kind: 'application',
      event_id: eventId,
      created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    });

  it('writes an alert once per event and member, and claims the oldest conversations first, once', async () => {
    const member = randomUUID();
    const eventId = randomUUID();
    const id = await alert(member, 'c1', 5, eventId);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await alert(member, 'c1', 5, eventId)).toBeUndefined();
    await alert(member, 'c2', 4);
    await alert(member, 'c1', 1);
    await alert(member, 'c3', 3);

    expect(await alertsWaiting(db.ds, member)).toBe(true);
    const claimed = await claimPendingAlerts(db.ds, member, { onlyWithAgentNotifications: true, window: 100, conversations: 2 });
    expect(claimed.locked).toBe(4);
    // c1 (oldest, 5 and 1 minutes ago) and c2 (4 minutes ago); c3 waits for the next call.
    expect(claimed.alerts.map((a) => a.message)).toEqual(['c1 5', 'c2 4', 'c1 1']);
    expect(claimed.alerts[0]).toMatchObject({ id, kind: 'message.sent', conversation_key: 'c1', conversation_kind: 'application', title: null });
    expect(claimed.alerts[2]!.title).toBe('Titled');
    expect(new Date(claimed.alerts[0]!.created_at).getTime()).toBeLessThan(Date.now() - 4 * 60_000);

    const rest = await claimPendingAlerts(db.ds, member, { onlyWithAgentNotifications: false, window: 1, conversations: 10 });
    expect(rest).toMatchObject({ locked: 1, alerts: [{ message: 'c3 3' }] });
    expect(await alertsWaiting(db.ds, member)).toBe(false);
    expect(await claimPendingAlerts(db.ds, member, { onlyWithAgentNotifications: false, window: 10, conversations: 10 })).toEqual({ locked: 0, alerts: [] });
  });

  it('holds alerts back while agent notifications are off, and stores the switch', async () => {
    const member = randomUUID();
    expect(await agentNotificationsOf(db.ds, member)).toBeUndefined();
    await alert(member, 'c', 1);
    expect(await setAgentNotifications(db.ds, member, false)).toBe(false);
    expect(await agentNotificationsOf(db.ds, member)).toBe(false);
    expect(await alertsWaiting(db.ds, member)).toBe(false);
    expect(await claimPendingAlerts(db.ds, member, { onlyWithAgentNotifications: true, window: 10, conversations: 10 })).toEqual({ locked: 0, alerts: [] });
    expect(await setAgentNotifications(db.ds, member, true)).toBe(true);
    expect(await agentNotificationsOf(db.ds, member)).toBe(true);
    expect(await alertsWaiting(db.ds, member)).toBe(true);
  });

  it('prunes alerts past the days kept, in batches, with their push and email rows', async () => {
    const member = randomUUID();
    const old = [await alert(member, 'p', 3 * 24 * 60), await alert(member, 'p', 2 * 24 * 60)];
    const young = await alert(member, 'p', 60);
    for (const id of old) {
      await db.query(`INSERT INTO push_deliveries (alert_id, endpoint) VALUES ($1, 'https://push.example/x')`, [id]);
      await db.query(`INSERT INTO email_alerts (alert_id, member_id, email_switch) VALUES ($1, $2, 'messages')`, [id, member]);
    }
    expect(await pruneOldAlerts(db.ds, 1, 1)).toBe(1);
    expect(await pruneOldAlerts(db.ds, 1, 10)).toBe(1);
    expect(await pruneOldAlerts(db.ds, 1, 10)).toBe(0);
    expect(await db.query('SELECT id FROM alerts WHERE member_id = $1', [member])).toEqual([{ id: young }]);
    expect(await db.query('SELECT 1 FROM push_deliveries WHERE alert_id = ANY($1)', [old])).toEqual([]);
    expect(await db.query('SELECT 1 FROM email_alerts WHERE member_id = $1', [member])).toEqual([]);
  });
});
