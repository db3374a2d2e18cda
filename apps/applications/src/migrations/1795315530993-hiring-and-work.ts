import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HiringAndWork1795315530993 implements MigrationInterface {
  name = 'HiringAndWork1795315530993';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "attempts" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "kind" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_295ca261e361fd2fd217754dcac" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "attempts_member_kind_time" ON "attempts"  ("member_id", "kind", "created_at")');
    await q.query(
      'CREATE TABLE "applications" ("id" uuid NOT NULL, "job_id" uuid NOT NULL, "applicant_id" uuid NOT NULL, "poster_id" uuid NOT NULL, "status" text NOT NULL, "pitch" text NOT NULL, "agent" text, "model" text, "resume" text, "via_agent" boolean NOT NULL DEFAULT false, "applied_to" jsonb NOT NULL, "applicant" jsonb NOT NULL, "visibility" text NOT NULL, "poster_contact" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "decided_at" TIMESTAMP WITH TIME ZONE, "displaced_by" uuid, CONSTRAINT "PK_938c0a27255637bde919591888f" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "applications_applicant_time" ON "applications"  ("applicant_id", "created_at")');
    await q.query('CREATE INDEX "applications_job_time" ON "applications"  ("job_id", "created_at")');
    await q.query('CREATE UNIQUE INDEX "applications_one_per_job" ON "applications"  ("job_id", "applicant_id") WHERE "status" <> \'withdrawn\'');
    await q.query(
      'CREATE TABLE "hires" ("id" uuid NOT NULL, "job_id" uuid NOT NULL, "poster_id" uuid NOT NULL, "worker_id" uuid NOT NULL, "title" text NOT NULL, "poster_visibility" text NOT NULL, "poster" jsonb NOT NULL, "worker" jsonb NOT NULL, "status" text NOT NULL, "cancel_requested_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_230bc94f7f21d861b3ce5b209b8" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "hires_poster" ON "hires"  ("poster_id")');
    await q.query('CREATE INDEX "hires_worker" ON "hires"  ("worker_id")');
    await q.query('CREATE UNIQUE INDEX "hires_one_live_per_job" ON "hires"  ("job_id") WHERE "status" <> \'cancelled\'');
    await q.query(
      'CREATE TABLE "conversations" ("application_id" uuid NOT NULL, "job_id" uuid NOT NULL, "title" text NOT NULL, "poster_id" uuid, "applicant_id" uuid, "poster" jsonb NOT NULL, "poster_visibility" text NOT NULL, "applicant_name" text NOT NULL, "last_message_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_242919d9a870234f7d3942a629d" PRIMARY KEY ("application_id"))',
    );
    await q.query('CREATE INDEX "conversations_applicant" ON "conversations"  ("applicant_id", "last_message_at")');
    await q.query('CREATE INDEX "conversations_poster" ON "conversations"  ("poster_id", "last_message_at")');
    await q.query(
      'CREATE TABLE "messages" ("id" uuid NOT NULL, "application_id" uuid NOT NULL, "sender_id" uuid, "sender_role" text NOT NULL, "sent_by" text NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "read_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "messages_conversation_time" ON "messages"  ("application_id", "created_at")');
    await q.query(
      'CREATE TABLE "ratings" ("id" uuid NOT NULL, "hire_id" uuid NOT NULL, "job_id" uuid NOT NULL, "rater_id" uuid, "ratee_id" uuid NOT NULL, "as" text NOT NULL, "score" integer NOT NULL, "description" text NOT NULL, "by" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0f31425b073219379545ad68ed9" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "ratings_ratee" ON "ratings"  ("ratee_id")');
    await q.query('CREATE UNIQUE INDEX "ratings_one_per_side" ON "ratings"  ("hire_id", "as")');
    await q.query(
      'CREATE TABLE "submissions" ("id" uuid NOT NULL, "hire_id" uuid NOT NULL, "round" integer NOT NULL, "body" text NOT NULL, "links" jsonb NOT NULL, "model" text, "status" text NOT NULL, "feedback" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "decided_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_10b3be95b8b2fb1e482e07d706b" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "submissions_hire_round" ON "submissions"  ("hire_id", "round")');
  }

  async down(): Promise<void> {
    throw new Error('HiringAndWork1795315530993 is not reversible; restore from backup.');
  }
}
