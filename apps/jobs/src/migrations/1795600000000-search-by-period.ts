import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search wants the newest open jobs that match every word. The board-wide GIN index answers
 * "which jobs match" only as a whole: two common words decode tens of thousands of postings and
 * visit a heap page per match before the newest can be picked. This index keys each word by the
 * six-hour period the job was posted in ("python@83125"), so search reads the newest periods first
 * and stops when it has enough (see newest-matches.ts, which uses the same period length).
 *
 * The functions are IMMUTABLE although extract() on timestamptz is only STABLE: the epoch does not
 * depend on TimeZone. PARALLEL RESTRICTED keeps the newest-first walk out of parallel workers,
 * whose Gather would not keep its order.
 */
export class SearchByPeriod1795600000000 implements MigrationInterface {
  name = 'SearchByPeriod1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION jobs_search_terms(vector tsvector, at timestamptz) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL RESTRICTED
      AS $$ SELECT array_agg(lexeme || '@' || floor(extract(epoch FROM at) / 21600)::bigint) FROM unnest(tsvector_to_array(vector)) AS lexeme $$`);
    await q.query(`CREATE INDEX "jobs_search_by_period" ON "jobs" USING GIN (jobs_search_terms("search_vector", "created_at"))
      WHERE "status" = 'open' AND NOT "safety_hidden"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "jobs_search_by_period"`);
    await q.query(`DROP FUNCTION jobs_search_terms(tsvector, timestamptz)`);
  }
}
