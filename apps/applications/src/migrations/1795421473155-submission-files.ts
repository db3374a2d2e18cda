import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubmissionFiles1795421473155 implements MigrationInterface {
  name = 'SubmissionFiles1795421473155';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "submissions" ADD "files" jsonb NOT NULL DEFAULT \'[]\'');
  }

  async down(): Promise<void> {
    throw new Error('SubmissionFiles1795421473155 is not reversible; restore from backup.');
  }
}
