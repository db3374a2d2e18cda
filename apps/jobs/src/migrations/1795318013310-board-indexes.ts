import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Poster-filtered pages and counts as index-only scans: the index carries what their filters read. */
export class BoardIndexes1795318013310 implements MigrationInterface {
  name = 'BoardIndexes1795318013310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "jobs_open_poster_newest"`);
    await q.query(
      `CREATE INDEX "jobs_open_poster_newest" ON "jobs" ("poster_id", "created_at" DESC, "id" DESC) INCLUDE ("closes_at", "poster_visibility", "category") WHERE "status" = 'open' AND NOT "safety_hidden"`,
    );
  }

  async down(): Promise<void> {
    throw new Error('BoardIndexes1795318013310 is not reversible; restore from backup.');
  }
}
