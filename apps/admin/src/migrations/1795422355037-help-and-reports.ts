import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HelpAndReports1795422355037 implements MigrationInterface {
  name = 'HelpAndReports1795422355037';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "help_requests" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "via" text NOT NULL, "topic" text NOT NULL, "message" text NOT NULL, "job_id" text, "application_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2990700cfcb0ce6fbdd7b3d532f" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "help_requests_created" ON "help_requests"  ("created_at")');
    await q.query(
      'CREATE TABLE "problem_reports" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "via" text NOT NULL, "channel" text NOT NULL, "app_version" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "description" text NOT NULL, "user_agent" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e2eab5c6c6d242af67bc5ec2e7d" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "problem_reports_created" ON "problem_reports"  ("created_at")');
    await q.query(
      'CREATE TABLE "feature_requests" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "via" text NOT NULL, "title" text NOT NULL, "description" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f5741ccd82f3784d78f94fb57e6" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "feature_requests_created" ON "feature_requests"  ("created_at")');
    await q.query(
      'CREATE TABLE "content_reports" ("id" uuid NOT NULL, "reporter_id" uuid NOT NULL, "via" text NOT NULL, "kind" text NOT NULL, "item_id" text NOT NULL, "reason" text NOT NULL, "details" text, "status" text NOT NULL DEFAULT \'open\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "decided_at" TIMESTAMP WITH TIME ZONE, "decided_by" uuid, "staff_note" text, "evidence" jsonb, CONSTRAINT "PK_6c59a68146cdde8de564ee649c1" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "content_reports_status" ON "content_reports"  ("status", "created_at")');
    await q.query('CREATE INDEX "content_reports_reporter" ON "content_reports"  ("reporter_id", "created_at")');
    await q.query('CREATE UNIQUE INDEX "content_reports_one_open" ON "content_reports"  ("reporter_id", "kind", "item_id") WHERE status = \'open\'');
  }

  async down(): Promise<void> {
    throw new Error('HelpAndReports1795422355037 is not reversible; restore from backup.');
  }
}
