import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1795450000000 implements MigrationInterface {
  name = 'Webhooks1795450000000';

  async up(q: QueryRunner): Promise<void> {
    // A member's endpoints; the signing secret is kept AES-256-GCM encrypted (see webhook-secrets.ts).
    await q.query(`CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL, "member_id" uuid NOT NULL, "url" text NOT NULL,
      "events" text[] NOT NULL DEFAULT '{}', "secret_sealed" text NOT NULL, "disabled_at" TIMESTAMP WITH TIME ZONE, "disabled_reason" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_webhook_endpoints" PRIMARY KEY ("id"))`);
    await q.query('CREATE INDEX "webhook_endpoints_member" ON "webhook_endpoints" ("member_id")');
    // One row per event and endpoint: its id is the webhook-id of every attempt; the body is fixed when it is made.
    await q.query(`CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, "event_id" uuid, "type" text NOT NULL,
      "body" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT 0, "last_status_code" integer,
      "last_error" text, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "delivered_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("id"),
      CONSTRAINT "FK_webhook_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE)`);
    await q.query('CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint" ON "webhook_deliveries" ("event_id", "endpoint_id") WHERE "event_id" IS NOT NULL');
    await q.query('CREATE INDEX "webhook_deliveries_endpoint" ON "webhook_deliveries" ("endpoint_id", "created_at")');
  }

  async down(): Promise<void> {
    throw new Error('Webhooks1795450000000 is not reversible; restore from backup.');
  }
}
