import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The limits table every service has, in its own schema, and the indexes that let the pruner
 * delete old rows of the kit's tables in small batches instead of scanning them.
 * Its timestamp follows every service migration that existed when it was written, so service
 * migrations written after it (copying old limiter rows in) run after it.
 */
export function kitLimitsMigration(schema: string): Function {
  const name = `KitLimits1795320000000`;
  const cls = class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE "${schema}"."limit_attempts" ("bucket" text NOT NULL, "subject" text NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL DEFAULT '1', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_limit_attempts" PRIMARY KEY ("bucket", "subject", "at"))`,
      );
      await q.query(`CREATE INDEX "limit_attempts_expiry" ON "${schema}"."limit_attempts" ("expires_at")`);
      await q.query(`CREATE INDEX "outbox_events_published" ON "${schema}"."outbox_events" ("published_at") WHERE "published_at" IS NOT NULL`);
      await q.query(`CREATE INDEX "processed_events_processed_at" ON "${schema}"."processed_events" ("processed_at")`);
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP INDEX "${schema}"."processed_events_processed_at"`);
      await q.query(`DROP INDEX "${schema}"."outbox_events_published"`);
      await q.query(`DROP TABLE "${schema}"."limit_attempts"`);
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}
