import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a work item ends up when every attempt failed: kept in the service's own schema with its
 * payload and last error, so nothing enqueued disappears silently and an operator can re-run it.
 */
export function kitFailedWorkMigration(schema: string): Function {
  const name = `KitFailedWork1795416568458`;
  const cls = class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE "${schema}"."failed_work" ("id" uuid NOT NULL, "queue" text NOT NULL, "version" integer NOT NULL, "payload" jsonb NOT NULL, "error" text NOT NULL, "attempts" integer NOT NULL, "enqueued_at" TIMESTAMP WITH TIME ZONE, "failed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_failed_work" PRIMARY KEY ("id"))`,
      );
      await q.query(`CREATE INDEX "failed_work_queue" ON "${schema}"."failed_work" ("queue", "failed_at")`);
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."failed_work"`);
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}
