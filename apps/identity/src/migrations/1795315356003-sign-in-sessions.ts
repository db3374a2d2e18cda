import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SignInSessions1795315356003 implements MigrationInterface {
  name = 'SignInSessions1795315356003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "sessions" ("id" uuid NOT NULL, "token_hash" bytea NOT NULL, "member_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "renewed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_agent" text, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"  ("token_hash")');
    await q.query('CREATE INDEX "sessions_member_idx" ON "sessions"  ("member_id")');
    await q.query('CREATE INDEX "sessions_expires_idx" ON "sessions"  ("expires_at")');
    await q.query(
      'CREATE TABLE "federated_identities" ("issuer" text NOT NULL, "subject" text NOT NULL, "member_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c9ea7918683e4d47f6e16d5fd33" PRIMARY KEY ("issuer", "subject"))',
    );
    await q.query('CREATE INDEX "federated_identities_member_idx" ON "federated_identities"  ("member_id")');
    await q.query(
      'CREATE TABLE "magic_links" ("token_hash" bytea NOT NULL, "email" text NOT NULL, "name" text, "callback_url" text, "new_user_callback_url" text, "error_callback_url" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a36d07ccc11b86f47dc80ec0e8b" PRIMARY KEY ("token_hash"))',
    );
    await q.query('CREATE INDEX "magic_links_expires_idx" ON "magic_links"  ("expires_at")');
    await q.query(
      'CREATE TABLE "oidc_requests" ("state_hash" bytea NOT NULL, "code_verifier" text NOT NULL, "nonce" text NOT NULL, "callback_url" text, "new_user_callback_url" text, "error_callback_url" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6e11c7ddd7ce9280e45027cde49" PRIMARY KEY ("state_hash"))',
    );
    await q.query('CREATE INDEX "oidc_requests_expires_idx" ON "oidc_requests"  ("expires_at")');
    await q.query(
      'CREATE TABLE "sign_in_rate" ("bucket" text NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_9db5f99baea4f17e43fc8354aa1" PRIMARY KEY ("bucket", "window_start"))',
    );
  }

  async down(): Promise<void> {
    throw new Error('SignInSessions1795315356003 is not reversible; restore from backup.');
  }
}
