import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The limits moved to the kit's limit_attempts (created by the kit's own migration, which runs
 * first). Attempts still inside their window are carried over so a deploy resets no limit; the
 * per-minute counters (sign-in links, API keys) are not worth it.
 */
export class KitLimits1795320100000 implements MigrationInterface {
  name = 'KitLimits1795320100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
      SELECT m.bucket, h.subject, h.created_at, count(*)::int, h.created_at + make_interval(secs => m.seconds)
      FROM rate_hits h
      JOIN (VALUES ('network_lookup', 'network_lookups', 3600), ('network_import', 'network_imports', 3600),
                   ('invite_try', 'invite_tries', 3600), ('waitlist', 'waitlist_per_email', 3600),
                   ('waitlist_all', 'waitlist_all', 60)) AS m(old, bucket, seconds) ON m.old = h.bucket
      WHERE h.created_at > now() - make_interval(secs => m.seconds)
      GROUP BY m.bucket, h.subject, h.created_at, m.seconds
      ON CONFLICT DO NOTHING`);
    await q.query(`DROP TABLE "rate_hits"`);
    await q.query(`DROP TABLE "sign_in_rate"`);
    await q.query(`DROP TABLE "key_usage"`);
  }

  async down(): Promise<void> {
    throw new Error('KitLimits1795320100000 is not reversible; restore from backup.');
  }
}
