import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ClosedJobs1795419692108 implements MigrationInterface {
  name = 'ClosedJobs1795419692108';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "closed_jobs" ("job_id" uuid NOT NULL, "closed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0b96973710ab61468fc1c6da27d" PRIMARY KEY ("job_id"))',
    );
  }

  async down(): Promise<void> {
    throw new Error('ClosedJobs1795419692108 is not reversible; restore from backup.');
  }
}
