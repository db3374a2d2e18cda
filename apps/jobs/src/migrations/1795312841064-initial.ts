import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795312841064 implements MigrationInterface {
  name = 'Initial1795312841064';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "job_versions" ("job_id" uuid NOT NULL, "version" integer NOT NULL, "title" text NOT NULL, "category" text NOT NULL, "constraints" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_49cf3ac53afebd0997b929e078c" PRIMARY KEY ("job_id", "version"))',
    );
    await q.query(
      'CREATE TABLE "jobs" ("id" uuid NOT NULL, "poster_id" uuid NOT NULL, "poster_visibility" text NOT NULL, "title" text NOT NULL, "category" text NOT NULL, "constraints" text NOT NULL, "status" text NOT NULL, "safety_hidden" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "version" integer NOT NULL DEFAULT \'1\', "updated_at" TIMESTAMP WITH TIME ZONE, "closes_at" TIMESTAMP WITH TIME ZONE, "applicants" integer NOT NULL DEFAULT \'0\', "preferred_workers" jsonb NOT NULL, CONSTRAINT "PK_cf0a6c42b72fcc7f7c237def345" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "submission_attempts" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "kind" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_74842ffcd557e74ab5db2d30014" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "submission_attempts_member_time" ON "submission_attempts"  ("member_id", "kind", "created_at")');
    await q.query(
      'CREATE TABLE "posters" ("member_id" uuid NOT NULL, "name" text NOT NULL, "headline" text, "photo_url" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9d5401dc2b0a986c5dd3beb6264" PRIMARY KEY ("member_id"))',
    );
    // Partial indexes for the public board: only open, visible jobs are ever listed.
    await q.query(`CREATE INDEX "jobs_open_newest" ON "jobs" ("created_at" DESC, "id" DESC) WHERE "status" = 'open' AND NOT "safety_hidden"`);
    await q.query(
      `CREATE INDEX "jobs_open_category_newest" ON "jobs" ("category", "created_at" DESC, "id" DESC) WHERE "status" = 'open' AND NOT "safety_hidden"`,
    );
    await q.query(
      `CREATE INDEX "jobs_open_poster_newest" ON "jobs" ("poster_id", "created_at" DESC, "id" DESC) WHERE "status" = 'open' AND NOT "safety_hidden"`,
    );
    await q.query(`CREATE INDEX "jobs_poster_newest" ON "jobs" ("poster_id", "created_at" DESC)`);
  }

  async down(): Promise<void> {
    throw new Error('Initial1795312841064 is not reversible; restore from backup.');
  }
}
