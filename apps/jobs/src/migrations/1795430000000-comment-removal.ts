import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Moderators remove comments without deleting them, so a restore after an appeal gives the text back. */
export class CommentRemoval1795430000000 implements MigrationInterface {
  name = 'CommentRemoval1795430000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "job_comments" ADD "removed_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(): Promise<void> {
    throw new Error('CommentRemoval1795430000000 is not reversible; restore from backup.');
  }
}
