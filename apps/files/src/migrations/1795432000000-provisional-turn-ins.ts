import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ProvisionalTurnIns1795432000000 implements MigrationInterface {
  name = 'ProvisionalTurnIns1795432000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "files" ADD "turn_in_id" uuid');
    await q.query('ALTER TABLE "files" ADD "turn_in_pending_until" TIMESTAMP WITH TIME ZONE');
  }

  async down(): Promise<void> {
    throw new Error('ProvisionalTurnIns1795432000000 is not reversible; restore from backup.');
  }
}
