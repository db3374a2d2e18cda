import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DraftRecordings1795500000000 implements MigrationInterface {
  name = 'DraftRecordings1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "draft_recordings" ("id" uuid NOT NULL, "draft_id" uuid NOT NULL, "member_id" uuid NOT NULL, "status" text NOT NULL DEFAULT \'uploading\', "webcam" boolean NOT NULL DEFAULT false, "seconds" double precision NOT NULL DEFAULT \'0\', "parts" jsonb NOT NULL DEFAULT \'[]\', "analyzed" boolean NOT NULL DEFAULT false, "summary" text, "transcript" text, "findings" jsonb NOT NULL DEFAULT \'[]\', "moments" jsonb NOT NULL DEFAULT \'[]\', "accepted_moments" jsonb NOT NULL DEFAULT \'[]\', "approved" boolean NOT NULL DEFAULT false, "video_key" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_draft_recordings" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "draft_recordings_draft" ON "draft_recordings" ("draft_id")');
    // The draft's one live record link (a new one replaces it) and its current recording.
    await q.query(
      'ALTER TABLE "job_drafts" ADD "recording_token_hash" text, ADD "recording_link_expires_at" TIMESTAMP WITH TIME ZONE, ADD "recording_id" uuid',
    );
    await q.query('CREATE UNIQUE INDEX "job_drafts_recording_token" ON "job_drafts" ("recording_token_hash")');
  }

  async down(): Promise<void> {
    throw new Error('DraftRecordings1795500000000 is not reversible; restore from backup.');
  }
}
