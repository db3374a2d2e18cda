import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploads sent straight to storage: the S3 multipart upload's id, and when storage joined its parts. */
export class DirectUploads1795440000000 implements MigrationInterface {
  name = 'DirectUploads1795440000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "files" ADD "upload_id" text');
    await q.query('ALTER TABLE "files" ADD "parts_joined_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(): Promise<void> {
    throw new Error('DirectUploads1795440000000 is not reversible; restore from backup.');
  }
}
