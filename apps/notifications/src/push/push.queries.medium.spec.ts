import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import {
  alertToPush,
  browsersWithoutAlert,
  lockForTransaction,
  recordPushDelivery,
  removeOwnSubscription,
  removeSubscription,
  subscriptionsOf,
  trimSubscriptions,
  upsertSubscription,
} from './push.queries.js';

/**
 * Medium: browser push's statements on a real PostgreSQL schema built by the migrations:
 * registering (own endpoint refreshed, another member's refused), the cap, the member's list, the
 * browsers still owed an alert, and removal.
 */
describe('the browser push statements, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const url = (n: string) => `https://push.example/${n}`;

  it("registers browsers, refreshes one's own, refuses another member's, and keeps the newest under the cap", async () => {
    const [member, other] = [randomUUID(), randomUUID()];
    const first = await upsertSubscription(db.ds, { endpoint: url(`${member}-1`), memberId: member, p256dh: 'p1', auth: 'a1' });
    expect(first).toBeInstanceOf(Date);
    expect(await upsertSubscription(db.ds, { endpoint: url(`${member}-1`), memberId: member, p256dh: 'p2', auth: 'a2' })).toEqual(first);
    expect(await db.query('SELECT p256dh, auth FROM push_subscriptions WHERE endpoint = $1', [url(`${member}-1`)])).toEqual([{ p256dh: 'p2', auth: 'a2' }]);
    expect(await upsertSubscription(db.ds, { endpoint: url(`${member}-1`), memberId: other, p256dh: 'x', auth: 'x' })).toBeUndefined();
    expect(await db.query('SELECT member_id, p256dh FROM push_subscriptions WHERE endpoint = $1', [url(`${member}-1`)])).toEqual([
      { member_id: member, p256dh: 'p2' },
    ]);

    for (const n of [2, 3]) {
      await db.ds.transaction(async (em) => {
        await lockForTransaction(em, `push_subscriptions:${member}`);
        await db.query(`UPDATE push_subscriptions SET created_at = created_at - interval '1 minute' WHERE member_id = $1`, [member]);
        await upsertSubscription(em, { endpoint: url(`${member}-${n}`), memberId: member, p256dh: 'p', auth: 'a' });
      });
    }
    expect((await subscriptionsOf(db.ds, member)).map((s) => s.endpoint)).toEqual([3, 2, 1].map((n) => url(`${member}-${n}`)));
    expect((await subscriptionsOf(db.ds, member))[0]!.created_at).toBeInstanceOf(Date);
    // Two kept: the newest one and the one just registered, even when it is older.
    await trimSubscriptions(db.ds, member, url(`${member}-1`), 1);
    expect((await subscriptionsOf(db.ds, member)).map((s) => s.endpoint)).toEqual([url(`${member}-3`), url(`${member}-1`)]);

    expect(await removeOwnSubscription(db.ds, url(`${member}-3`), other)).toBe(false);
    expect(await removeOwnSubscription(db.ds, url(`${member}-3`), member)).toBe(true);
    expect(await removeOwnSubscription(db.ds, url(`${member}-3`), member)).toBe(false);
    await removeSubscription(db.ds, url(`${member}-1`));
    expect(await subscriptionsOf(db.ds, member)).toEqual([]);
  });

  it('reads the alert to push and the browsers that have not had it yet', async () => {
    const member = randomUUID();
    const alertId = randomUUID();
    const jobId = randomUUID();
    await db.query(
      `INSERT INTO alerts (id, member_id, kind, message, job_id, conversation_key, conversation_kind, event_id)
      VALUES ($1, $2, 'message.sent', 'hi', $3, 'c', 'application', $4)`,
      [alertId, member, jobId, randomUUID()],
    );
    expect(await alertToPush(db.ds, alertId)).toMatchObject({ member_id: member, kind: 'message.sent', message: 'hi', job_id: jobId, application_id: null });
    expect((await alertToPush(db.ds, alertId))!.created_at).toBeInstanceOf(Date);
    expect(await alertToPush(db.ds, randomUUID())).toBeUndefined();

    for (const n of ['a', 'b']) await upsertSubscription(db.ds, { endpoint: url(`${member}-${n}`), memberId: member, p256dh: `p${n}`, auth: `a${n}` });
    const owed = async () => (await browsersWithoutAlert(db.ds, member, alertId)).sort((x, y) => x.endpoint.localeCompare(y.endpoint));
    expect(await owed()).toEqual([
      { endpoint: url(`${member}-a`), p256dh: 'pa', auth: 'aa' },
      { endpoint: url(`${member}-b`), p256dh: 'pb', auth: 'ab' },
    ]);
    await recordPushDelivery(db.ds, alertId, url(`${member}-a`));
    await recordPushDelivery(db.ds, alertId, url(`${member}-a`));
    expect(await owed()).toEqual([{ endpoint: url(`${member}-b`), p256dh: 'pb', auth: 'ab' }]);
    expect(await db.query('SELECT count(*)::int AS n FROM push_deliveries WHERE alert_id = $1', [alertId])).toEqual([{ n: 1 }]);
  });
});
