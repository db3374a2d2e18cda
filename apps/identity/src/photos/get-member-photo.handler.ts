import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, getMemberPhoto, type InputOf, type OutputOf, isUuid } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { PhotoStore } from './photo-store.js';

/**
 * Names the object the gateway streams; the bytes never come through here. The bytes at a photo
 * path never change (the hash names them), hence the immutable cache policy.
 */
@Injectable()
export class GetMemberPhotoHandler implements OperationHandler<typeof getMemberPhoto> {
  readonly operation = getMemberPhoto;

  constructor(private readonly ds: DataSource, private readonly photos: PhotoStore) {}

  async handle({ id, hash }: InputOf<typeof getMemberPhoto>): Promise<OutputOf<typeof getMemberPhoto>> {
    const notFound = AppError.notFound('No such photo.');
    if (!isUuid(id)) throw notFound;
    const rows: { content_type: string; object_key: string | null; data: Buffer | null }[] = await this.ds.query(
      `SELECT p.content_type, p.object_key, CASE WHEN p.object_key IS NULL THEN p.data END AS data
       FROM member_photos p JOIN members m ON m.id = p.member_id
       WHERE p.member_id = $1 AND p.hash = $2 AND m.deleted_at IS NULL AND m.removed_at IS NULL`,
      [id, hash],
    );
    const row = rows[0];
    if (!row) throw notFound;
    let key = row.object_key;
    if (!key) {
      if (!row.data) throw notFound;
      key = await this.photos.adopt(id, hash, row.data, row.content_type);
      await this.ds.query(
        'UPDATE member_photos SET object_key = $3, data = NULL WHERE member_id = $1 AND hash = $2 AND object_key IS NULL',
        [id, hash, key],
      );
    }
    return { key, contentType: row.content_type, cacheControl: 'public, max-age=31536000, immutable' };
  }
}
