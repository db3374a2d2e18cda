import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Oauth1795315253663 implements MigrationInterface {
  name = 'Oauth1795315253663';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "connected_agents" ("member_id" uuid NOT NULL, "client_id" text NOT NULL, "client_name" text NOT NULL, "domain" text NOT NULL, "scopes" jsonb NOT NULL, "connected_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2ad6aa96594368dea60e1f2272a" PRIMARY KEY ("member_id", "client_id"))',
    );
    await q.query('CREATE INDEX "connected_agents_member_idx" ON "connected_agents"  ("member_id", "connected_at")');
    await q.query(
      'CREATE TABLE "oauth_records" ("model" text NOT NULL, "id" text NOT NULL, "payload" jsonb NOT NULL, "grant_id" text, "user_code" text, "uid" text, "expires_at" TIMESTAMP WITH TIME ZONE, "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_afbd00678ed8c76df9897e89c48" PRIMARY KEY ("model", "id"))',
    );
    await q.query('CREATE INDEX "oauth_records_expires_idx" ON "oauth_records"  ("expires_at") WHERE "expires_at" IS NOT NULL');
    await q.query('CREATE INDEX "oauth_records_user_code_idx" ON "oauth_records"  ("model", "user_code") WHERE "user_code" IS NOT NULL');
    await q.query('CREATE INDEX "oauth_records_uid_idx" ON "oauth_records"  ("model", "uid") WHERE "uid" IS NOT NULL');
    await q.query('CREATE INDEX "oauth_records_grant_idx" ON "oauth_records"  ("grant_id") WHERE "grant_id" IS NOT NULL');
  }

  async down(): Promise<void> {
    throw new Error('Oauth1795315253663 is not reversible; restore from backup.');
  }
}
