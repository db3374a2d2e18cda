import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { deleteMemberData } from './members.queries.js';

/** Medium: a deleted member's rows, every table of them, removed on a real schema built by the migrations; another member's kept. */
describe("deleting a member's notifications data, against a real notifications schema", () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const TABLES = [
    'alerts',
    'push_deliveries',
    'notification_preferences',
    'push_subscriptions',
    'email_alerts',
    'email_digests',
    'email_members',
    'member_events',
    'webhook_endpoints',
    'webhook_deliveries',
  ];

  async function seed(member: string): Promise<void> {
    const alert = randomUUID();
    const endpoint = randomUUID();
    const digest = randomUUID();
    await db.query(
      `INSERT INTO alerts (id, member_id, kind, message, conversation_key, conversation_kind, event_id)
      VALUES ($1, $2, 'message.sent', 'hi', 'c', 'application', $3)`,
      [alert, member, randomUUID()],
    );
    await db.query(`INSERT INTO push_deliveries (alert_id, endpoint) VALUES ($1, $2)`, [alert, `https://push.example/${member}`]);
    await db.query('INSERT INTO notification_preferences (member_id) VALUES ($1)', [member]);
    await db.query(`INSERT INTO push_subscriptions (endpoint, member_id, p256dh, auth) VALUES ($1, $2, 'p', 'a')`, [`https://push.example/${member}`, member]);
    await db.query(`INSERT INTO email_alerts (alert_id, member_id, email_switch) VALUES ($1, $2, 'messages')`, [alert, member]);
    await db.query('INSERT INTO email_digests (id, member_id, send_after) VALUES ($1, $2, now())', [digest, member]);
    await db.query('INSERT INTO email_members (member_id, open_digest_id) VALUES ($1, $2)', [member, digest]);
    await db.query(`INSERT INTO member_events (member_id, event_id, type, payload, occurred_at) VALUES ($1, $2, 'message.sent', '{}', now())`, [
      member,
      randomUUID(),
    ]);
    await db.query(`INSERT INTO webhook_endpoints (id, member_id, url, secret_sealed) VALUES ($1, $2, 'http://127.0.0.1:9/x', 'x')`, [endpoint, member]);
    await db.query(`INSERT INTO webhook_deliveries (id, endpoint_id, type, body) VALUES ($1, $2, 'webhook.ping', '{}')`, [randomUUID(), endpoint]);
  }

  async function counts(member: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const where =
        table === 'push_deliveries'
          ? `endpoint = 'https://push.example/${member}'`
          : table === 'webhook_deliveries'
            ? `endpoint_id IN (SELECT id FROM webhook_endpoints WHERE member_id = '${member}')
          OR endpoint_id NOT IN (SELECT id FROM webhook_endpoints)`
            : `member_id = '${member}'`;
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`);
      out[table] = row!.n;
    }
    return out;
  }

  it("removes every row of the member and none of another's", async () => {
    const [gone, kept] = [randomUUID(), randomUUID()];
    await seed(gone);
    await seed(kept);
    const one = Object.fromEntries(TABLES.map((t) => [t, 1]));
    expect(await counts(gone)).toEqual(one);
    await db.ds.transaction((em) => deleteMemberData(em, gone));
    expect(await counts(gone)).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])));
    expect(await counts(kept)).toEqual(one);
  });
});
