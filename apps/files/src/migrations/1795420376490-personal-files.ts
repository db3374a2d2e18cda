import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PersonalFiles1795420376490 implements MigrationInterface {
  name = 'PersonalFiles1795420376490';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "files" ("id" uuid NOT NULL, "area" text NOT NULL, "owner_id" uuid NOT NULL, "folder" text, "hire_id" uuid, "uploader_id" uuid NOT NULL, "path" text NOT NULL, "size" bigint NOT NULL, "sha256" text NOT NULL, "chunk_bytes" integer NOT NULL, "received" bigint NOT NULL DEFAULT \'0\', "status" text NOT NULL, "object_key" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "upload_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "assembly_requested_at" TIMESTAMP WITH TIME ZONE, "assembly_failure" text, CONSTRAINT "PK_6c16b9093a142e0e7613b04a3d9" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "files_uploading_expiry" ON "files"  ("upload_expires_at") WHERE status = \'uploading\'');
    await q.query('CREATE INDEX "files_area_owner" ON "files"  ("area", "owner_id")');
    // A live file's path is unique in its folder ignoring case (folder is null in a personal area).
    await q.query(
      'CREATE UNIQUE INDEX "files_live_path" ON "files" ("area", "owner_id", coalesce("folder", \'\'), lower("path")) WHERE status <> \'deleting\'',
    );
    await q.query(
      'CREATE TABLE "file_chunks" ("file_id" uuid NOT NULL, "idx" integer NOT NULL, "size" integer NOT NULL, "sha256" text NOT NULL, "object_key" text NOT NULL, CONSTRAINT "PK_8d82f2dce49cdb92cdf760407b4" PRIMARY KEY ("file_id", "idx"))',
    );
    await q.query(
      'CREATE TABLE "closed_members" ("member_id" uuid NOT NULL, "closed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_515263234cffaba00bb8921c8d2" PRIMARY KEY ("member_id"))',
    );
  }

  async down(): Promise<void> {
    throw new Error('PersonalFiles1795420376490 is not reversible; restore from backup.');
  }
}
