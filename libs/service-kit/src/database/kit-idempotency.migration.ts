import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first answer to each idempotency key a member sent with a write, kept for repeats of the
 * same request (see idempotency/idempotency-store.ts); pruned once expired.
 */
export function kitIdempotencyMigration(schema: string): Function {
  const name = `KitIdempotency1795723166591`;
  const cls = class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE "${schema}"."idempotent_requests" ("member_id" uuid NOT NULL, "key" text NOT NULL, "operation" text NOT NULL, "request_hash" text NOT NULL, "reply" jsonb, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_idempotent_requests" PRIMARY KEY ("member_id", "key"))`,
      );
      await q.query(`CREATE INDEX "IDX_idempotent_requests_expires" ON "${schema}"."idempotent_requests" ("expires_at")`);
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."idempotent_requests"`);
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}
