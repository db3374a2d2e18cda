import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795312792722 implements MigrationInterface {
  name = 'Initial1795312792722';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "api_keys" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "hash" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "api_keys_member_idx" ON "api_keys"  ("member_id")');
    await q.query('CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"  ("hash")');
    await q.query(
      'CREATE TABLE "key_usage" ("key_id" uuid NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_170ebfeb87633a01e7e1ac43f29" PRIMARY KEY ("key_id", "window_start"))',
    );
    await q.query(
      'CREATE TABLE "members" ("id" uuid NOT NULL, "email" text NOT NULL, "name" text NOT NULL, "headline" text, "photo_url" text, "email_verified_at" TIMESTAMP WITH TIME ZONE, "staff" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_28b53062261b996d9c99fa12404" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "members_email_key" ON "members"  ("email")');
    await q.query(
      'CREATE TABLE "profiles" ("member_id" uuid NOT NULL, "about" text, "skills" jsonb NOT NULL, "city" text, "state" text, "website" text, "resume" text, "us_work_authorized" boolean, "applicant_visibility" text NOT NULL DEFAULT \'anonymous\', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5dd23b5765ef81b414f1bdba4a2" PRIMARY KEY ("member_id"))',
    );
  }

  async down(): Promise<void> {
    throw new Error('Initial1795312792722 is not reversible; restore from backup.');
  }
}
