import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per periodic task of the service: when a replica last claimed a tick (so the others
 * skip it) and the last failure, kept for an operator to read next to failed_work.
 */
export function kitPeriodicTasksMigration(schema: string): Function {
  const name = `KitPeriodicTasks1795708507560`;
  const cls = class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE "${schema}"."periodic_tasks" ("name" text NOT NULL, "last_started_at" TIMESTAMP WITH TIME ZONE, "last_finished_at" TIMESTAMP WITH TIME ZONE, "runs" bigint NOT NULL DEFAULT 0, "failures" bigint NOT NULL DEFAULT 0, "last_failed_at" TIMESTAMP WITH TIME ZONE, "last_error" text, CONSTRAINT "PK_periodic_tasks" PRIMARY KEY ("name"))`,
      );
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."periodic_tasks"`);
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}
