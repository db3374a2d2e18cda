import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Help that gets answered: a help request carries its status (open, answered, closed) and staff
 * replies are kept beside it, so a member follows their requests and the replies survive restarts.
 * Requests received before this read open.
 */
export class HelpReplies1796589800739 implements MigrationInterface {
  name = 'HelpReplies1796589800739';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "help_requests" ADD "status" text NOT NULL DEFAULT 'open'`);
    await q.query(`ALTER TABLE "help_requests" ADD "status_changed_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`CREATE INDEX "help_requests_member" ON "help_requests" ("member_id", "created_at")`);
    await q.query(
      `CREATE TABLE "help_replies" ("id" uuid NOT NULL, "help_request_id" uuid NOT NULL, "staff_id" uuid NOT NULL, "message" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_help_replies" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "help_replies_request" ON "help_replies" ("help_request_id", "created_at")`);
  }

  async down(): Promise<void> {
    throw new Error('HelpReplies1796589800739 is not reversible; restore from backup.');
  }
}
