import type { MigrationInterface, QueryRunner } from 'typeorm';

import { sealedKey } from '../channels/notification-keys.js';

/**
 * The keys this service keeps (the unsubscribe signing key, the VAPID key pair) are stored sealed
 * (AES-256-GCM under DATA_ENCRYPTION_KEY), not in the clear. Existing ones are sealed in place, so
 * unsubscribe links and push subscriptions made before keep working.
 */
export class SealNotificationKeys1795800000000 implements MigrationInterface {
  name = 'SealNotificationKeys1795800000000';

  async up(q: QueryRunner): Promise<void> {
    const rows = (await q.query(`SELECT name, value FROM notification_keys WHERE NOT (jsonb_typeof(value) = 'object' AND value ? 'sealed')`)) as {
      name: string;
      value: unknown;
    }[];
    for (const row of rows) {
      await q.query('UPDATE notification_keys SET value = $2 WHERE name = $1', [row.name, JSON.stringify(sealedKey(row.name, row.value))]);
    }
  }

  async down(): Promise<void> {
    throw new Error('SealNotificationKeys1795800000000 is not reversed: the sealed keys stay sealed.');
  }
}
