import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemberEvents1795440000000 implements MigrationInterface {
  name = 'MemberEvents1795440000000';

  async up(q: QueryRunner): Promise<void> {
    // The member's event log, read by cursor (the sequence): one row per alert written, the same
    // payload and privacy as the alert, kept MEMBER_EVENTS_KEPT_DAYS days.
    await q.query(`CREATE TABLE "member_events" ("seq" bigserial NOT NULL, "member_id" uuid NOT NULL, "event_id" uuid NOT NULL,
      "type" text NOT NULL, "payload" jsonb NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_member_events" PRIMARY KEY ("seq"))`);
    await q.query('CREATE UNIQUE INDEX "member_events_event_member" ON "member_events" ("event_id", "member_id")');
    await q.query('CREATE INDEX "member_events_member_seq" ON "member_events" ("member_id", "seq")');
    await q.query('CREATE INDEX "member_events_created" ON "member_events" ("created_at")');
  }

  async down(): Promise<void> {
    throw new Error('MemberEvents1795440000000 is not reversible; restore from backup.');
  }
}
