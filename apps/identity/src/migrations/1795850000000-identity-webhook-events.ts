import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Event ids of the identity provider's webhook already recorded, so a replayed request changes nothing. */
export class IdentityWebhookEvents1795850000000 implements MigrationInterface {
  name = 'IdentityWebhookEvents1795850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "identity_webhook_events" (
      "event_id" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_identity_webhook_events" PRIMARY KEY ("event_id"))`);
    await q.query('CREATE INDEX "identity_webhook_events_expires_idx" ON "identity_webhook_events" ("expires_at")');
  }

  async down(): Promise<void> {
    throw new Error('IdentityWebhookEvents1795850000000 is not reversible; restore from backup.');
  }
}
