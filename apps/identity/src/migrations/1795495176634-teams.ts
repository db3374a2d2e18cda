import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Teams1795495176634 implements MigrationInterface {
  name = 'Teams1795495176634';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "teams" ("id" uuid NOT NULL, "name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7e5523774a38b08a6236d322403" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "team_members" ("member_id" uuid NOT NULL, "team_id" uuid NOT NULL, "role" text NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3c531250af4b2d54e871bb30771" PRIMARY KEY ("member_id"))',
    );
    await q.query('CREATE INDEX "team_members_team_idx" ON "team_members"  ("team_id")');
    await q.query('ALTER TABLE "api_keys" ADD "kind" text NOT NULL DEFAULT \'member\'');
  }

  async down(): Promise<void> {
    throw new Error('Teams1795495176634 is not reversible; restore from backup.');
  }
}
