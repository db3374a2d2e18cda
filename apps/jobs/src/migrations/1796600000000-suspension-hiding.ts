import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suspended member's open jobs are hidden the way staff hide a job (safety_hidden), marked as
 * hidden for the suspension so lifting it shows only those again, never a job staff removed.
 */
export class SuspensionHiding1796600000000 implements MigrationInterface {
  name = 'SuspensionHiding1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "jobs" ADD "suspension_hidden" boolean NOT NULL DEFAULT false`);
  }

  async down(): Promise<void> {
    throw new Error('SuspensionHiding1796600000000 is not reversible; restore from backup.');
  }
}
