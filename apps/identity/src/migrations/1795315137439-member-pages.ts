import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemberPages1795315137439 implements MigrationInterface {
  name = 'MemberPages1795315137439';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "member_photos" ("member_id" uuid NOT NULL, "hash" text NOT NULL, "content_type" text NOT NULL, "data" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_68d7a45eed7550f7d7fe9606ec6" PRIMARY KEY ("member_id"))',
    );
    await q.query('ALTER TABLE "members" ADD "network_url" text');
    await q.query('ALTER TABLE "members" ADD "deleted_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(): Promise<void> {
    throw new Error('MemberPages1795315137439 is not reversible; restore from backup.');
  }
}
