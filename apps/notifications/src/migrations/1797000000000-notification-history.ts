import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts become the person's notification history: a read state of their own (delivery to an
 * agent is delivered_at and says nothing about the person), a member's page newest first, their
 * unread count from a partial index, and the sweep of alerts past the history's days by age.
 */
export class NotificationHistory1797000000000 implements MigrationInterface {
  name = 'NotificationHistory1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "alerts" ADD "read_at" TIMESTAMP WITH TIME ZONE');
    await q.query('CREATE INDEX "alerts_history" ON "alerts" ("member_id", "created_at" DESC, "id" DESC)');
    await q.query('CREATE INDEX "alerts_unread" ON "alerts" ("member_id", "created_at") WHERE "read_at" IS NULL');
    await q.query('CREATE INDEX "alerts_created" ON "alerts" ("created_at")');
  }

  async down(): Promise<void> {
    throw new Error('NotificationHistory1797000000000 is not reversible; restore from backup.');
  }
}
