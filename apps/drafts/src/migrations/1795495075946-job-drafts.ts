import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JobDrafts1795495075946 implements MigrationInterface {
  name = 'JobDrafts1795495075946';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "job_drafts" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "status" text NOT NULL DEFAULT \'open\', "job_id" text, "poster_visibility" text NOT NULL DEFAULT \'public\', "answers" jsonb NOT NULL DEFAULT \'{}\', "answers_version" integer NOT NULL DEFAULT \'0\', "research" jsonb, "research_correction" text, "follow_ups" jsonb NOT NULL DEFAULT \'[]\', "posting" jsonb, "approved" jsonb NOT NULL DEFAULT \'[]\', "tasks" jsonb NOT NULL DEFAULT \'{}\', "costs" jsonb NOT NULL DEFAULT \'{"calls":0,"promptTokens":0,"completionTokens":0,"usd":0,"model":null}\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8ac2ed1b6f1d6e1d01e3656a6ae" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "job_drafts_member_recent" ON "job_drafts"  ("member_id", "status", "updated_at")');
  }

  async down(): Promise<void> {
    throw new Error('JobDrafts1795495075946 is not reversible; restore from backup.');
  }
}
