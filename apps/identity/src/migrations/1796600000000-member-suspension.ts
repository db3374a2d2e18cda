import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff suspend a member with a reason (issue 55). The reason travels with every caller the
 * member authenticates as, so it is read with the member's standing; who suspended is kept for
 * the staff list (the audit log in admin holds the full history).
 */
export class MemberSuspension1796600000000 implements MigrationInterface {
  name = 'MemberSuspension1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "members" ADD "suspended_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "members" ADD "suspension_reason" text`);
    await q.query(`ALTER TABLE "members" ADD "suspended_by" uuid`);
  }

  async down(): Promise<void> {
    throw new Error('MemberSuspension1796600000000 is not reversible; restore from backup.');
  }
}
