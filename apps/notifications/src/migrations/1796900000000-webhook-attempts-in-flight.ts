import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An attempt in flight is marked on its delivery until its deadline has passed: the in-flight caps
 * per endpoint and per member count these marks, and a worker that dies mid-attempt leaves a mark
 * that simply runs out. The attempt itself is counted when it is claimed, before it is sent.
 */
export class WebhookAttemptsInFlight1796900000000 implements MigrationInterface {
  name = 'WebhookAttemptsInFlight1796900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "webhook_deliveries" ADD "sending_until" TIMESTAMP WITH TIME ZONE');
    await q.query('ALTER TABLE "webhook_deliveries" ADD "last_attempt_at" TIMESTAMP WITH TIME ZONE');
    await q.query('CREATE INDEX "webhook_deliveries_in_flight" ON "webhook_deliveries" ("endpoint_id") WHERE "sending_until" IS NOT NULL');
  }

  async down(): Promise<void> {
    throw new Error('WebhookAttemptsInFlight1796900000000 is not reversible; restore from backup.');
  }
}
