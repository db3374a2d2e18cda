import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Moderators remove messages without deleting them, so a restore after an appeal gives the text back. */
export class MessageRemoval1795500000001 implements MigrationInterface {
  name = 'MessageRemoval1795500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messages" ADD "removed_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(): Promise<void> {
    throw new Error('MessageRemoval1795500000001 is not reversible; restore from backup.');
  }
}
