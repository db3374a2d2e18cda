import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox and processed-event tables every service has, in its own schema. */
export function kitTablesMigration(schema: string): Function {
  const name = `KitTables1763700000000`;
  const cls = class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE "${schema}"."outbox_events" ("id" uuid NOT NULL, "subject" text NOT NULL, "envelope" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_outbox_events" PRIMARY KEY ("id"))`,
      );
      await q.query(`CREATE INDEX "outbox_events_unpublished" ON "${schema}"."outbox_events" ("created_at") WHERE "published_at" IS NULL`);
      await q.query(
        `CREATE TABLE "${schema}"."processed_events" ("consumer" text NOT NULL, "event_id" uuid NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_processed_events" PRIMARY KEY ("consumer", "event_id"))`,
      );
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."processed_events"`);
      await q.query(`DROP TABLE "${schema}"."outbox_events"`);
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}
