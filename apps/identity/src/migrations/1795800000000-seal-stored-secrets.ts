import { sealJson, sealValue } from '@marketplace/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { INVITE_TOKEN_PURPOSE } from '../admission/invite-links.js';
import { SERVER_KEYS_PURPOSE } from '../oauth/oauth-server-keys.handler.js';

/**
 * No secret in the clear in identity's tables:
 * - invitation links are found by sha256(token) and kept sealed (AES-256-GCM under
 *   DATA_ENCRYPTION_KEY) so their owner and staff can see them again;
 * - OAuth client secrets are only compared, so only their sha256 is kept (`sha256:<hex>`; the
 *   gateway compares against it);
 * - the development OAuth keys (signing JWKs and cookie secrets) are sealed.
 * Existing rows are converted in place, so links already shared and clients already registered keep working.
 */
export class SealStoredSecrets1795800000000 implements MigrationInterface {
  name = 'SealStoredSecrets1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "invite_links" ADD "token_hash" text, ADD "token_sealed" text');
    const links = (await q.query('SELECT id, token FROM invite_links')) as { id: string; token: string }[];
    for (const link of links) {
      await q.query(`UPDATE invite_links SET token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex'), token_sealed = $2 WHERE id = $1`, [
        link.id,
        sealValue(link.token, INVITE_TOKEN_PURPOSE),
      ]);
    }
    await q.query('DROP INDEX "invite_links_token_key"');
    await q.query('ALTER TABLE "invite_links" DROP COLUMN "token"');
    await q.query('ALTER TABLE "invite_links" ALTER COLUMN "token_hash" SET NOT NULL, ALTER COLUMN "token_sealed" SET NOT NULL');
    await q.query('CREATE UNIQUE INDEX "invite_links_token_hash_key" ON "invite_links"  ("token_hash")');

    await q.query(
      `UPDATE oauth_records
       SET payload = jsonb_set(payload, '{client_secret}', to_jsonb('sha256:' || encode(sha256(convert_to(payload->>'client_secret', 'UTF8')), 'hex')))
       WHERE model = 'Client' AND jsonb_typeof(payload->'client_secret') = 'string' AND payload->>'client_secret' NOT LIKE 'sha256:%'`,
    );

    const keys = (await q.query(`SELECT payload FROM oauth_records WHERE model = 'ServerKeys' AND id = 'current' AND NOT payload ? 'sealed'`)) as {
      payload: unknown;
    }[];
    if (keys[0]) {
      await q.query(`UPDATE oauth_records SET payload = jsonb_build_object('sealed', $1::text) WHERE model = 'ServerKeys' AND id = 'current'`, [
        sealJson(keys[0].payload, SERVER_KEYS_PURPOSE),
      ]);
    }
  }

  async down(): Promise<void> {
    throw new Error('SealStoredSecrets1795800000000 is not reversible: client secrets are kept as digests only.');
  }
}
