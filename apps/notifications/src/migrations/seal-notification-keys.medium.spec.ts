import { openServiceSchema, runMigrationUp, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { keptSecret, unsubscribeKey } from '../channels/notification-keys.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { SealNotificationKeys1795800000000 } from './1795800000000-seal-notification-keys.js';

/** Medium: keys kept in the clear before the migration are sealed in place and read back unchanged. */
describe('SealNotificationKeys migration, on a real notifications schema', () => {
  let db: ServiceSchema;
  const vapid = { publicKey: 'BPublicKeyValue', privateKey: 'private-key-value-123' };

  beforeAll(async () => {
    const before = notificationsMigrations.filter((m) => m !== SealNotificationKeys1795800000000);
    db = await openServiceSchema({ entities: notificationsEntities, migrations: before, label: 'notifications_seal' });
    await db.query(`INSERT INTO notification_keys (name, value) VALUES ('unsubscribe-signing-key', $1), ('vapid-keys', $2)`, [
      JSON.stringify('unsubscribe-key-in-the-clear-0123456789'),
      JSON.stringify(vapid),
    ]);
    await runMigrationUp(db.ds, new SealNotificationKeys1795800000000());
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('no key is left in the clear, and each reads back as it was', async () => {
    const text = (await db.query<{ v: string }>('SELECT value::text AS v FROM notification_keys')).map((r) => r.v).join('\n');
    expect(text).not.toContain('unsubscribe-key-in-the-clear');
    expect(text).not.toContain(vapid.privateKey);
    expect(await unsubscribeKey(db.ds)).toBe('unsubscribe-key-in-the-clear-0123456789');
    expect(await keptSecret(db.ds, 'vapid-keys', () => ({ publicKey: 'x', privateKey: 'y' }))).toEqual(vapid);
  });

  it('a key made after it is stored sealed too', async () => {
    const made = await keptSecret(db.ds, 'another-key', () => 'fresh-secret-value-abcdef');
    expect(made).toBe('fresh-secret-value-abcdef');
    const [row] = await db.query<{ v: string }>(`SELECT value::text AS v FROM notification_keys WHERE name = 'another-key'`);
    expect(row!.v).not.toContain('fresh-secret-value');
  });
});
