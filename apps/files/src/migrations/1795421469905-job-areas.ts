import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JobAreas1795421469905 implements MigrationInterface {
  name = 'JobAreas1795421469905';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "job_areas" ("job_id" uuid NOT NULL, "poster_id" uuid NOT NULL, "hire_id" uuid, "worker_id" uuid, "worker_access" boolean NOT NULL DEFAULT false, "access_changed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d8a893bc2ead46bfea6a755f7c3" PRIMARY KEY ("job_id"))',
    );
    await q.query('ALTER TABLE "files" ADD "turned_in_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(): Promise<void> {
    throw new Error('JobAreas1795421469905 is not reversible; restore from backup.');
  }
}
