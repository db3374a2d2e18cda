import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TeamJobs1795495178713 implements MigrationInterface {
  name = 'TeamJobs1795495178713';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "team_jobs" ("id" uuid NOT NULL, "team_id" uuid NOT NULL, "company" text NOT NULL, "posted_by" uuid NOT NULL, "title" text NOT NULL, "budget" integer NOT NULL, "constraints" text NOT NULL, "status" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "closes_at" TIMESTAMP WITH TIME ZONE, "decided_at" TIMESTAMP WITH TIME ZONE, "hired_application_id" uuid, CONSTRAINT "PK_5db34112ceadc3b6e7be92a8958" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "team_jobs_open_created" ON "team_jobs"  ("status", "created_at")');
    await q.query('CREATE INDEX "team_jobs_team_created" ON "team_jobs"  ("team_id", "created_at")');
    await q.query(
      'CREATE TABLE "listing_fees" ("job_id" uuid NOT NULL, "team_id" uuid NOT NULL, "member_id" uuid NOT NULL, "amount_dollars" integer NOT NULL, "charged" boolean NOT NULL DEFAULT false, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7757160f5978ef01a021b474c09" PRIMARY KEY ("job_id"))',
    );
    await q.query('CREATE INDEX "listing_fees_team_idx" ON "listing_fees"  ("team_id")');
    await q.query(
      'CREATE TABLE "team_application_records" ("application_id" uuid NOT NULL, "team_id" uuid NOT NULL, "job_id" uuid NOT NULL, "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ca9bc950c830c5853063871be5a" PRIMARY KEY ("application_id"))',
    );
    await q.query('CREATE INDEX "team_application_records_team_time" ON "team_application_records"  ("team_id", "submitted_at")');
  }

  async down(): Promise<void> {
    throw new Error('TeamJobs1795495178713 is not reversible; restore from backup.');
  }
}
