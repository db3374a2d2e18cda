import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NetworkLookups1795316133921 implements MigrationInterface {
  name = 'NetworkLookups1795316133921';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "network_lookups" ("member_id" uuid NOT NULL, "network_url" text NOT NULL, "looked_up_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e8e58c21d09a0a52ec7151bd64" PRIMARY KEY ("member_id", "network_url"))',
    );
  }

  async down(): Promise<void> {
    throw new Error('NetworkLookups1795316133921 is not reversible; restore from backup.');
  }
}
