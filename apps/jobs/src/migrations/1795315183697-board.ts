import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Board1795315183697 implements MigrationInterface {
  name = 'Board1795315183697';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "job_comments" ("id" uuid NOT NULL, "job_id" uuid NOT NULL, "parent_id" uuid, "author_id" uuid, "author_name" text, "author_kind" text NOT NULL, "body" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_725d81049f8c03a59ec9ea16835" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "job_comments_job_time" ON "job_comments"  ("job_id", "created_at")');
    await q.query(
      'CREATE TABLE "job_preferred_workers" ("job_id" uuid NOT NULL, "member_id" uuid NOT NULL, CONSTRAINT "PK_15a4e8e8a8e039dca0c26d4adf1" PRIMARY KEY ("job_id", "member_id"))',
    );
    await q.query('CREATE INDEX "job_preferred_workers_member" ON "job_preferred_workers"  ("member_id")');
    await q.query(
      'CREATE TABLE "application_records" ("application_id" uuid NOT NULL, "job_id" uuid NOT NULL, "poster_id" uuid NOT NULL, "via_agent" boolean NOT NULL, "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_78b6ac37cb5c9046320695dcaf6" PRIMARY KEY ("application_id"))',
    );
    await q.query('CREATE INDEX "application_records_poster_time" ON "application_records"  ("poster_id", "submitted_at")');
    await q.query(
      'CREATE TABLE "job_audience" ("job_id" uuid NOT NULL, "day" date NOT NULL, "kind" text NOT NULL, "viewer" text NOT NULL, "poster_id" uuid NOT NULL, CONSTRAINT "PK_e082680191fa95655ec54ac3b63" PRIMARY KEY ("job_id", "day", "kind", "viewer"))',
    );
    await q.query('CREATE INDEX "job_audience_poster_day" ON "job_audience"  ("poster_id", "day")');
    await q.query(
      'CREATE TABLE "search_usage" ("caller" text NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL, CONSTRAINT "PK_200c14ab16a619d7fe68051c099" PRIMARY KEY ("caller", "window_start"))',
    );
    await q.query('ALTER TABLE "jobs" ADD "search_vector" tsvector');
    await q.query('ALTER TABLE "jobs" ADD "embedding" real array');
    await q.query('ALTER TABLE "jobs" ADD "closed_at" TIMESTAMP WITH TIME ZONE');
    // Full-text search: title weighs more than the description. A trigger (not a generated
    // column) keeps it, because TypeORM's schema diff cannot describe generated columns.
    await q.query(`CREATE FUNCTION jobs_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_vector := setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A')
          || setweight(to_tsvector('english', coalesce(NEW.constraints, '')), 'B');
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER jobs_search_vector BEFORE INSERT OR UPDATE OF title, constraints ON jobs
      FOR EACH ROW EXECUTE FUNCTION jobs_search_vector()`);
    await q.query(`UPDATE jobs SET title = title`);
    await q.query(`CREATE INDEX "jobs_search" ON "jobs" USING GIN ("search_vector") WHERE "status" = 'open' AND NOT "safety_hidden"`);
    // The expiry sweep finds due jobs without scanning the board.
    await q.query(`CREATE INDEX "jobs_open_closes_at" ON "jobs" ("closes_at") WHERE "status" = 'open'`);
    // Board reads filter on closes_at > now(), which a partial index cannot hold; carrying it lets
    // deep offsets and counts run as index-only scans.
    await q.query(`DROP INDEX "jobs_open_newest"`);
    await q.query(
      `CREATE INDEX "jobs_open_newest" ON "jobs" ("created_at" DESC, "id" DESC) INCLUDE ("closes_at") WHERE "status" = 'open' AND NOT "safety_hidden"`,
    );
    await q.query(`DROP INDEX "jobs_open_category_newest"`);
    await q.query(
      `CREATE INDEX "jobs_open_category_newest" ON "jobs" ("category", "created_at" DESC, "id" DESC) INCLUDE ("closes_at") WHERE "status" = 'open' AND NOT "safety_hidden"`,
    );
    await q.query(
      `CREATE INDEX "jobs_open_posters" ON "jobs" ("poster_id") INCLUDE ("closes_at") WHERE "status" = 'open' AND NOT "safety_hidden" AND "poster_visibility" = 'public'`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Board1795315183697 is not reversible; restore from backup.');
  }
}
