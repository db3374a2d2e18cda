import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { channelsConfig } from './channels.config.js';
import { keepKey, keptKeySealed, openEmailDigest } from './channels.queries.js';
import { keptSecret } from './notification-keys.js';

/**
 * Medium: the channels' statements on a real PostgreSQL schema built by the migrations: kept keys
 * (first writer wins) and digests opened (the push probe, the email switch and the member's email
 * row are the alert statement's, in write-alert.queries.medium.spec.ts).
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

  it('opens a digest due at once for a first one, and a window after the previous one closed', async () => {
    const member = randomUUID();
    const first = randomUUID();
    await openEmailDigest(db.ds, first, member, null, 60);
    const [due] = await db.query<{ late: boolean }>(`SELECT send_after <= now() AS late FROM email_digests WHERE id = $1`, [first]);
    expect(due!.late).toBe(true);

    const closedAt = new Date();
    const next = randomUUID();
    await openEmailDigest(db.ds, next, member, closedAt, 60);
    const [later] = await db.query<{ send_after: Date }>('SELECT send_after FROM email_digests WHERE id = $1', [next]);
    expect(later!.send_after.getTime() - closedAt.getTime()).toBe(60_000);
  });
});
