import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Restores after an appeal, and the staff audit log. The log is append-only in the database
 * itself: a trigger refuses every UPDATE, DELETE and TRUNCATE, whatever code or person tries.
 */
export class Moderation1795430100000 implements MigrationInterface {
  name = 'Moderation1795430100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content_reports" ADD "restored_at" TIMESTAMP WITH TIME ZONE, ADD "restored_by" uuid, ADD "restore_note" text`);
    await q.query(`CREATE INDEX "content_reports_item" ON "content_reports" ("kind", "item_id", "status")`);
    await q.query(
      `CREATE TABLE "staff_audit_log" ("id" uuid NOT NULL, "actor_id" uuid NOT NULL, "action" text NOT NULL, "target_kind" text NOT NULL, "target_id" text NOT NULL, "report_id" uuid, "reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_staff_audit_log" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "staff_audit_log_created" ON "staff_audit_log" ("created_at")`);
    await q.query(`CREATE FUNCTION staff_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'staff_audit_log is append-only'; END $$`);
    await q.query(`CREATE TRIGGER staff_audit_log_no_change BEFORE UPDATE OR DELETE ON "staff_audit_log"
      FOR EACH ROW EXECUTE FUNCTION staff_audit_log_append_only()`);
    await q.query(`CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON "staff_audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_append_only()`);
  }

  async down(): Promise<void> {
    throw new Error('Moderation1795430100000 is not reversible; restore from backup.');
  }
}
