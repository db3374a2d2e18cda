import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { claimWebhookEvent, lookedUpRecently, recordNetworkLookup, releaseWebhookEvent } from './sign-up.queries.js';

/** Medium: the sign-up statements (provider event ids, network look-ups) against a real identity schema. */
describe('sign-up.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_signup_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('claims a provider event id once an hour, and releases it', async () => {
    const eventId = randomUUID();
    expect(await claimWebhookEvent(db.ds, eventId)).toBe(true);
    expect(await claimWebhookEvent(db.ds, eventId)).toBe(false);
    const [{ expires_at: expiresAt }] = (await db.query<{ expires_at: Date }>('SELECT expires_at FROM identity_webhook_events WHERE event_id = $1', [
      eventId,
    ])) as [{ expires_at: Date }];
    expect(Math.abs(expiresAt.getTime() - Date.now() - 3600_000)).toBeLessThan(60_000);
    await db.query(`UPDATE identity_webhook_events SET expires_at = now() - interval '1 second' WHERE event_id = $1`, [eventId]);
    expect(await claimWebhookEvent(db.ds, eventId)).toBe(true);
    expect(await releaseWebhookEvent(db.ds, eventId)).toBe(1);
    expect(await claimWebhookEvent(db.ds, eventId)).toBe(true);
  });

  it('remembers network look-ups for an hour', async () => {
    const memberId = randomUUID();
    await db.query(`INSERT INTO members (id, email, name) VALUES ($1, $2, 'Ada')`, [memberId, `${memberId}@example.test`]);
    const url = 'https://network.example/in/ada';
    expect(await lookedUpRecently(db.ds, memberId, url)).toBe(false);
    expect(await recordNetworkLookup(db.ds, memberId, url, new Date(Date.now() - 2 * 3600_000))).toBe(1);
    expect(await lookedUpRecently(db.ds, memberId, url)).toBe(false);
    expect(await recordNetworkLookup(db.ds, memberId, url, new Date())).toBe(1);
    expect(await lookedUpRecently(db.ds, memberId, url)).toBe(true);
    expect(await lookedUpRecently(db.ds, memberId, 'https://network.example/in/other')).toBe(false);
  });
});
