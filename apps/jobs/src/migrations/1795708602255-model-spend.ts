import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ModelSpend1795708602255 implements MigrationInterface {
  name = 'ModelSpend1795708602255';

  async up(q: QueryRunner): Promise<void> {
    // The operator's daily model budget (the kit's BudgetedModelProvider): one row per UTC day, shared by every replica.
    await q.query(`CREATE TABLE "model_spend" ("day" date PRIMARY KEY, "calls" integer NOT NULL DEFAULT 0, "usd" double precision NOT NULL DEFAULT 0, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "model_spend"');
  }
}
