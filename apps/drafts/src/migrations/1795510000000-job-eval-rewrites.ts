import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JobEvalRewrites1795510000000 implements MigrationInterface {
  name = 'JobEvalRewrites1795510000000';

  async up(q: QueryRunner): Promise<void> {
    // The eval written again after each content edit of the posted job.
    await q.query('ALTER TABLE "job_drafts" ADD "job_eval" jsonb');
    // Edits find the draft a job was posted from.
    await q.query('CREATE INDEX "job_drafts_job" ON "job_drafts" ("job_id")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "job_drafts_job"');
    await q.query('ALTER TABLE "job_drafts" DROP COLUMN "job_eval"');
  }
}
