import { sealValue } from '@marketplace/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { WALKTHROUGH_SECRET_PURPOSE } from '../jobs/walkthrough-link.js';

/**
 * Each job's walkthrough link-signing key is kept sealed (AES-256-GCM under DATA_ENCRYPTION_KEY),
 * not in the clear. Existing keys are sealed in place, so links made before keep working.
 */
export class SealWalkthroughSecrets1795800000000 implements MigrationInterface {
  name = 'SealWalkthroughSecrets1795800000000';

  async up(q: QueryRunner): Promise<void> {
    const rows = (await q.query(`SELECT id, walkthrough_secret FROM jobs WHERE walkthrough_secret IS NOT NULL AND walkthrough_secret NOT LIKE 'sealed:%'`)) as {
      id: string;
      walkthrough_secret: string;
    }[];
    for (const row of rows) {
      await q.query('UPDATE jobs SET walkthrough_secret = $2 WHERE id = $1', [row.id, sealValue(row.walkthrough_secret, WALKTHROUGH_SECRET_PURPOSE)]);
    }
  }

  async down(): Promise<void> {
    throw new Error('SealWalkthroughSecrets1795800000000 is not reversed: the sealed keys stay sealed.');
  }
}
