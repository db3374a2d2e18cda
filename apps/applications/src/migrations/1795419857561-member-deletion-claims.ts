import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemberDeletionClaims1795419857561 implements MigrationInterface {
  name = 'MemberDeletionClaims1795419857561';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "member_deletion_claims" ("member_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4800884d0c049bbb72a6c38c35c" PRIMARY KEY ("member_id"))',
    );
  }

  async down(): Promise<void> {
    throw new Error('MemberDeletionClaims1795419857561 is not reversible; restore from backup.');
  }
}
