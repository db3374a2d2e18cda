import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each part of a recording's check (screen text, sound, faces, model review) and what the poster's
 * approval acknowledged. Rows checked before stay null: they read as checked on screen only.
 */
export class RecordingChecks1796950000000 implements MigrationInterface {
  name = 'RecordingChecks1796950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "draft_recordings" ADD "checks" jsonb`);
    await q.query(`ALTER TABLE "draft_recordings" ADD "acknowledged" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "draft_recordings" DROP COLUMN "acknowledged"`);
    await q.query(`ALTER TABLE "draft_recordings" DROP COLUMN "checks"`);
  }
}
