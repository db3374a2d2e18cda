import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FilePreviewsAndDownloadGrants1795420338184 implements MigrationInterface {
  name = 'FilePreviewsAndDownloadGrants1795420338184';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "file_previews" ("file_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "mime_type" character varying(32), "object_key" character varying(200), "reason" character varying(300), "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "made_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d65cc08236154b51f97f52a2e51" PRIMARY KEY ("file_id"))',
    );
    await q.query(
      'CREATE TABLE "download_grants" ("token_hash" character(64) NOT NULL, "file_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_61e71858487dc63d86a23ad488f" PRIMARY KEY ("token_hash"))',
    );
    await q.query('CREATE INDEX "download_grants_expires_idx" ON "download_grants"  ("expires_at")');
    await q.query('CREATE INDEX "download_grants_file_idx" ON "download_grants"  ("file_id")');
  }

  async down(): Promise<void> {
    throw new Error('FilePreviewsAndDownloadGrants1795420338184 is not reversible; restore from backup.');
  }
}
