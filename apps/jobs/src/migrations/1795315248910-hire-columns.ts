import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HireColumns1795315248910 implements MigrationInterface {
  name = 'HireColumns1795315248910';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "jobs" ADD "worker_id" uuid');
    await q.query('ALTER TABLE "jobs" ADD "hired_application_id" uuid');
  }

  async down(): Promise<void> {
    throw new Error('HireColumns1795315248910 is not reversible; restore from backup.');
  }
}
