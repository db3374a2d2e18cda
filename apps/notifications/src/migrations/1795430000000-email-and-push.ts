import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EmailAndPush1795430000000 implements MigrationInterface {
  name = 'EmailAndPush1795430000000';

  async up(q: QueryRunner): Promise<void> {
    // The five email switches sit beside the agent preference; no row still means all on.
    for (const column of ['email_comments', 'email_preferred_worker', 'email_applications', 'email_hiring_and_work', 'email_messages']) {
      await q.query(`ALTER TABLE "notification_preferences" ADD "${column}" boolean NOT NULL DEFAULT true`);
    }
    // Alerts waiting for email, apart from the alerts table so binding them to a digest never locks
    // rows that pull delivery is claiming at the same moment.
    await q.query(`CREATE TABLE "email_alerts" ("alert_id" uuid NOT NULL, "member_id" uuid NOT NULL, "email_switch" text NOT NULL,
      "digest_id" uuid, CONSTRAINT "PK_email_alerts" PRIMARY KEY ("alert_id"))`);
    await q.query('CREATE INDEX "email_alerts_waiting" ON "email_alerts" ("member_id") WHERE "digest_id" IS NULL');
    await q.query('CREATE INDEX "email_alerts_digest" ON "email_alerts" ("digest_id") WHERE "digest_id" IS NOT NULL');
    // One row per member who was ever emailed: the open digest (at most one) and when the last one closed.
    await q.query(`CREATE TABLE "email_members" ("member_id" uuid NOT NULL, "open_digest_id" uuid, "last_closed_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_email_members" PRIMARY KEY ("member_id"))`);
    await q.query(`CREATE TABLE "email_digests" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "send_after" TIMESTAMP WITH TIME ZONE NOT NULL,
      "closed_at" TIMESTAMP WITH TIME ZONE, "sent_at" TIMESTAMP WITH TIME ZONE, "emailed" boolean,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_email_digests" PRIMARY KEY ("id"))`);
    await q.query('CREATE INDEX "email_digests_member" ON "email_digests" ("member_id")');
    // Secrets the service makes once and keeps: the unsubscribe signing key, the VAPID key pair.
    await q.query(`CREATE TABLE "notification_keys" ("name" text NOT NULL, "value" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_notification_keys" PRIMARY KEY ("name"))`);
    await q.query(`CREATE TABLE "push_subscriptions" ("endpoint" text NOT NULL, "member_id" uuid NOT NULL, "p256dh" text NOT NULL, "auth" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_push_subscriptions" PRIMARY KEY ("endpoint"))`);
    await q.query('CREATE INDEX "push_subscriptions_member" ON "push_subscriptions" ("member_id")');
    // Which browsers already got an alert, so a retried push item skips them.
    await q.query(`CREATE TABLE "push_deliveries" ("alert_id" uuid NOT NULL, "endpoint" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_push_deliveries" PRIMARY KEY ("alert_id", "endpoint"))`);
  }

  async down(): Promise<void> {
    throw new Error('EmailAndPush1795430000000 is not reversible; restore from backup.');
  }
}
