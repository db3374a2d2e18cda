import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The limits moved to the kit's limit_attempts (created by the kit's own migration, which runs
 * first). Attempts still inside their window are carried over so a deploy resets no limit; the
 * per-minute search counters are not worth it.
 */
export class KitLimits1795320100000 implements MigrationInterface {
  name = 'KitLimits1795320100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
      SELECT m.bucket, s.member_id::text, s.created_at, count(*)::int, s.created_at + make_interval(secs => m.seconds)
      FROM submission_attempts s
      JOIN (VALUES ('job_post', 'job_posts', 86400), ('job_edit', 'job_edits', 86400), ('comment', 'comments', 3600))
        AS m(old, bucket, seconds) ON m.old = s.kind
      WHERE s.created_at > now() - make_interval(secs => m.seconds)
      GROUP BY m.bucket, s.member_id, s.created_at, m.seconds
      ON CONFLICT DO NOTHING`);
    await q.query(`DROP TABLE "submission_attempts"`);
    await q.query(`DROP TABLE "search_usage"`);
  }

  async down(): Promise<void> {
    throw new Error('KitLimits1795320100000 is not reversible; restore from backup.');
  }
}
