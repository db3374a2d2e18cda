import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Moderators hide a member's public profile without touching it, so a restore after an appeal gives it back. */
export class MemberRemoval1795500000000 implements MigrationInterface {
  name = 'MemberRemoval1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "members" ADD "removed_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(): Promise<void> {
    throw new Error('MemberRemoval1795500000000 is not reversible; restore from backup.');
  }
}
