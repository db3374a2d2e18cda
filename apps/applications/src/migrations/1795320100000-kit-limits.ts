import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The limits moved to the kit's limit_attempts (created by the kit's own migration, which runs
 * first). Attempts still inside their window are carried over so a deploy resets no limit:
 * applications for the UTC day, reminders (kind `remind:<hireId>`) for their 12 hours.
 */
export class KitLimits1795320100000 implements MigrationInterface {
  name = 'KitLimits1795320100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
      SELECT 'applications', member_id::text, created_at, count(*)::int, created_at + interval '1 day'
      FROM attempts WHERE kind = 'apply' AND created_at > now() - interval '1 day'
      GROUP BY member_id, created_at
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
      SELECT 'work_reminders', member_id::text || ':' || substr(kind, length('remind:') + 1), created_at, count(*)::int,
             created_at + interval '12 hours'
      FROM attempts WHERE kind LIKE 'remind:%' AND created_at > now() - interval '12 hours'
      GROUP BY member_id, kind, created_at
      ON CONFLICT DO NOTHING`);
    await q.query(`DROP TABLE "attempts"`);
  }

  async down(): Promise<void> {
    throw new Error('KitLimits1795320100000 is not reversible; restore from backup.');
  }
}
