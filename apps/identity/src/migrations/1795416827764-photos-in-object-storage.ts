import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PhotosInObjectStorage1795416827764 implements MigrationInterface {
  name = 'PhotosInObjectStorage1795416827764';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "member_photos" ADD "object_key" text');
    await q.query('ALTER TABLE "member_photos" ALTER COLUMN "data" DROP NOT NULL');
  }

  async down(): Promise<void> {
    throw new Error('PhotosInObjectStorage1795416827764 is not reversible; restore from backup.');
  }
}
