import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator's daily model budget (the kit's BudgetedModelProvider, `models/model-budget.ts`):
 * one row per UTC day, shared by every replica. Not one of the tables every service gets: a service
 * that calls a model lists this migration with its own (jobs, drafts). Unqualified, like the
 * service's own migrations: the data source's search_path pins it to the service's schema. The
 * name is the one both services recorded when each had its own copy, so it never runs twice.
 */
export class ModelSpend1795708602255 implements MigrationInterface {
  name = 'ModelSpend1795708602255';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "model_spend" ("day" date PRIMARY KEY, "calls" integer NOT NULL DEFAULT 0, "usd" double precision NOT NULL DEFAULT 0, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now())`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "model_spend"');
  }
}
