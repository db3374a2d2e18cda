import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TeamApplications1795495180822 implements MigrationInterface {
  name = 'TeamApplications1795495180822';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "candidates" ("member_id" uuid NOT NULL, "state" text NOT NULL, "us_work_authorized" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e6e0b96a140a37d8329ffd1925a" PRIMARY KEY ("member_id"))',
    );
    await q.query(
      'CREATE TABLE "team_applications" ("id" uuid NOT NULL, "job_id" uuid NOT NULL, "team_id" uuid NOT NULL, "posted_by" uuid NOT NULL, "title" text NOT NULL, "company" text NOT NULL, "budget" integer NOT NULL, "candidate_id" uuid NOT NULL, "candidate_name" text NOT NULL, "candidate_state" text NOT NULL, "pitch" text NOT NULL, "agent" text, "status" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "decided_at" TIMESTAMP WITH TIME ZONE, "candidate_contact" jsonb, "team_contact" jsonb, CONSTRAINT "PK_61c245a5515fbd624945ac5d6cf" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "team_applications_candidate_time" ON "team_applications"  ("candidate_id", "created_at")');
    await q.query('CREATE UNIQUE INDEX "team_applications_one_hire" ON "team_applications"  ("job_id") WHERE status = \'accepted\'');
    await q.query('CREATE UNIQUE INDEX "team_applications_job_candidate_key" ON "team_applications"  ("job_id", "candidate_id")');
  }

  async down(): Promise<void> {
    throw new Error('TeamApplications1795495180822 is not reversible; restore from backup.');
  }
}
