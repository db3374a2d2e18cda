import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConversationsAndPreferences1795422352907 implements MigrationInterface {
  name = 'ConversationsAndPreferences1795422352907';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "notification_preferences" ("member_id" uuid NOT NULL, "agent_notifications" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b46f4431d5c6707b3da7ecfbb6f" PRIMARY KEY ("member_id"))',
    );
    // Alerts written before conversations existed group by their job (or, with none, alone).
    await q.query('ALTER TABLE "alerts" ADD "conversation_key" text');
    await q.query('ALTER TABLE "alerts" ADD "conversation_kind" text');
    await q.query('UPDATE "alerts" SET "conversation_key" = coalesce(\'job:\' || "job_id", \'alert:\' || "id"), "conversation_kind" = \'job\'');
    await q.query('ALTER TABLE "alerts" ALTER COLUMN "conversation_key" SET NOT NULL');
    await q.query('ALTER TABLE "alerts" ALTER COLUMN "conversation_kind" SET NOT NULL');
    await q.query('ALTER TABLE "alerts" ADD "application_id" uuid');
    await q.query('ALTER TABLE "alerts" ADD "comment_id" uuid');
    await q.query('ALTER TABLE "alerts" ADD "title" text');
  }

  async down(): Promise<void> {
    throw new Error('ConversationsAndPreferences1795422352907 is not reversible; restore from backup.');
  }
}
