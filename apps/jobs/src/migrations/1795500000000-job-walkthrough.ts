import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JobWalkthrough1795500000000 implements MigrationInterface {
  name = 'JobWalkthrough1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "jobs" ADD "walkthrough_key" text');
    await q.query('ALTER TABLE "jobs" ADD "walkthrough_secret" text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "jobs" DROP COLUMN "walkthrough_secret"');
    await q.query('ALTER TABLE "jobs" DROP COLUMN "walkthrough_key"');
  }
}
