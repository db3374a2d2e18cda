import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ModelCosts1795510000000 implements MigrationInterface {
  name = 'ModelCosts1795510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "model_costs" ("id" uuid NOT NULL, "purpose" text NOT NULL, "member_id" uuid NOT NULL, "job_id" uuid, "model" text NOT NULL, "calls" integer NOT NULL, "prompt_tokens" integer NOT NULL, "completion_tokens" integer NOT NULL, "usd" double precision NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_model_costs" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "model_costs_member" ON "model_costs" ("member_id", "created_at")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "model_costs"');
  }
}
