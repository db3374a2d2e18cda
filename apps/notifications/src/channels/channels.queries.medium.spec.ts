import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { channelsConfig } from './channels.config.js';
import { addEmailAlert, emailSwitchOn, hasPushSubscription, keepKey, keptKeySealed, lockEmailMember, openEmailDigest } from './channels.queries.js';
import { keptSecret } from './notification-keys.js';

/**
 * Medium: the channels' statements on a real PostgreSQL schema built by the migrations: kept keys
 * (first writer wins), the push probe, the email switch, and a member's email row and digests.
 */
describe('the channels statements, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('keeps the first key written under a name', async () => {
    expect(await keptKeySealed(db.ds, 'k')).toBeUndefined();
    await keepKey(db.ds, 'k', { sealed: 'one' });
    await keepKey(db.ds, 'k', { sealed: 'two' });
    expect(await keptKeySealed(db.ds, 'k')).toBe('one');
    const [row] = await db.query<{ t: string }>(`SELECT jsonb_typeof(value) AS t FROM notification_keys WHERE name = 'k'`);
    expect(row!.t).toBe('object');
    let made = 0;
    const first = await keptSecret(db.ds, 'secret', () => `made ${++made}`);
    expect(await keptSecret(db.ds, 'secret', () => `made ${++made}`)).toBe(first);
    expect(first).toBe('made 1');
  });

  it("sees a member's push subscription and email switch", async () => {
    const member = randomUUID();
    expect(await hasPushSubscription(db.ds, member)).toBe(false);
    await db.query(`INSERT INTO push_subscriptions (endpoint, member_id, p256dh, auth) VALUES ($1, $2, 'p', 'a')`, [`https://push.example/${member}`, member]);
    expect(await hasPushSubscription(db.ds, member)).toBe(true);
    expect(await emailSwitchOn(db.ds, member, 'email_messages')).toBeUndefined();
    await db.query('INSERT INTO notification_preferences (member_id, email_messages) VALUES ($1, false)', [member]);
    expect(await emailSwitchOn(db.ds, member, 'email_messages')).toBe(false);
    expect(await emailSwitchOn(db.ds, member, 'email_comments')).toBe(true);
  });

  it('opens one digest per member at a time, due a window after the last one closed', async () => {
    const member = randomUUID();
    const alertId = randomUUID();
    await addEmailAlert(db.ds, alertId, member, 'messages');
    expect(await db.query('SELECT alert_id, digest_id, email_switch FROM email_alerts WHERE member_id = $1', [member])).toEqual([
      { alert_id: alertId, digest_id: null, email_switch: 'messages' },
    ]);

    const first = randomUUID();
    expect(await lockEmailMember(db.ds, member, first)).toEqual({ open_digest_id: first, last_closed_at: null });
    expect(await lockEmailMember(db.ds, member, randomUUID())).toEqual({ open_digest_id: first, last_closed_at: null });
    await openEmailDigest(db.ds, first, member, null, 60);
    const [due] = await db.query<{ late: boolean }>(`SELECT send_after <= now() AS late FROM email_digests WHERE id = $1`, [first]);
    expect(due!.late).toBe(true);

    const closedAt = new Date();
    await db.query('UPDATE email_members SET open_digest_id = NULL, last_closed_at = $2 WHERE member_id = $1', [member, closedAt]);
    const next = randomUUID();
    const locked = await lockEmailMember(db.ds, member, next);
    expect(locked?.open_digest_id).toBe(next);
    expect(locked?.last_closed_at).toEqual(closedAt);
    await openEmailDigest(db.ds, next, member, locked!.last_closed_at, 60);
    const [later] = await db.query<{ send_after: Date }>('SELECT send_after FROM email_digests WHERE id = $1', [next]);
    expect(later!.send_after.getTime() - closedAt.getTime()).toBe(60_000);
  });
});
