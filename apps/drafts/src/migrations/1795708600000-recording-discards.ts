import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Objects of recordings that are gone, queued in the transaction that removed them: the
 * recording sweep deletes each from storage and then its row, so a crash between the commit and
 * the removal leaves work to do, not garbage nobody knows about. No entity: only SQL reads it.
 */
export class RecordingDiscards1795708600000 implements MigrationInterface {
  name = 'RecordingDiscards1795708600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "recording_discards" ("key" text NOT NULL, "queued_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_recording_discards" PRIMARY KEY ("key"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "recording_discards"`);
  }
}
