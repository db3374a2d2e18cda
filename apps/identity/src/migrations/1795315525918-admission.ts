import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Admission1795315525918 implements MigrationInterface {
  name = 'Admission1795315525918';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "email_invitations" ("id" uuid NOT NULL, "inviter_id" uuid NOT NULL, "email" text NOT NULL, "state" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_14743ba7f0a3b1a3d5f3829f635" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "email_invitations_email_idx" ON "email_invitations"  ("email")');
    await q.query('CREATE UNIQUE INDEX "email_invitations_inviter_email_key" ON "email_invitations"  ("inviter_id", "email")');
    await q.query(
      'CREATE TABLE "invite_joins" ("member_id" uuid NOT NULL, "inviter_id" uuid NOT NULL, "link_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8bc7f3f11d254189c7de1289130" PRIMARY KEY ("member_id"))',
    );
    await q.query('CREATE INDEX "invite_joins_inviter_idx" ON "invite_joins"  ("inviter_id")');
    await q.query(
      'CREATE TABLE "invite_links" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "token" text NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_df46bd981abebf8f78c5e334705" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "invite_links_member_key" ON "invite_links"  ("member_id")');
    await q.query('CREATE UNIQUE INDEX "invite_links_token_key" ON "invite_links"  ("token")');
    await q.query(
      'CREATE TABLE "rate_hits" ("id" uuid NOT NULL, "bucket" text NOT NULL, "subject" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6400d7040f4f5cd386af4c497a0" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "rate_hits_bucket_subject_time" ON "rate_hits"  ("bucket", "subject", "created_at")');
    await q.query(
      'CREATE TABLE "waitlist" ("id" uuid NOT NULL, "email" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "invited_at" TIMESTAMP WITH TIME ZONE, "invited_by" uuid, "joined_member_id" uuid, CONSTRAINT "PK_973cfbedc6381485681d6a6916c" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "waitlist_email_key" ON "waitlist"  ("email")');
    await q.query(
      'CREATE TABLE "settings" ("key" text NOT NULL, "value" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c8639b7626fa94ba8265628f214" PRIMARY KEY ("key"))',
    );
    await q.query('ALTER TABLE "members" ADD "admitted_at" TIMESTAMP WITH TIME ZONE');
    await q.query('ALTER TABLE "members" ADD "sign_up_step" text NOT NULL DEFAULT \'network\'');
    await q.query('ALTER TABLE "members" ADD "sign_up_finished_at" TIMESTAMP WITH TIME ZONE');
    await q.query('ALTER TABLE "members" ADD "identity_status" text NOT NULL DEFAULT \'none\'');
    await q.query('ALTER TABLE "members" ADD "verified_name" text');
    // Members from before sign-up steps existed have nothing left to do.
    await q.query('UPDATE "members" SET "sign_up_finished_at" = "created_at"');
  }

  async down(): Promise<void> {
    throw new Error('Admission1795315525918 is not reversible; restore from backup.');
  }
}
