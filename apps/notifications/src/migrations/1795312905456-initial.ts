import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795312905456 implements MigrationInterface {
  name = 'Initial1795312905456';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "alerts" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "kind" text NOT NULL, "message" text NOT NULL, "job_id" uuid, "event_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "delivered_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_60f895662df096bfcdfab7f4b96" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "alerts_event_member" ON "alerts"  ("event_id")');
    await q.query('CREATE INDEX "alerts_pending" ON "alerts"  ("member_id", "created_at") WHERE "delivered_at" IS NULL');
  }

  async down(): Promise<void> {
    throw new Error('Initial1795312905456 is not reversible; restore from backup.');
  }
}
