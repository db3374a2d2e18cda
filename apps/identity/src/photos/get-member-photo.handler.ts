import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, getMemberPhoto, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bytes at a photo path never change (the hash names them), hence the immutable cache policy. */
@Injectable()
export class GetMemberPhotoHandler implements OperationHandler<typeof getMemberPhoto> {
  readonly operation = getMemberPhoto;

  constructor(private readonly ds: DataSource) {}

  async handle({ id, hash }: InputOf<typeof getMemberPhoto>): Promise<OutputOf<typeof getMemberPhoto>> {
    const notFound = AppError.notFound('No such photo.');
    if (!UUID.test(id)) throw notFound;
    const rows: { content_type: string; data: Buffer }[] = await this.ds.query(
      `SELECT p.content_type, p.data FROM member_photos p JOIN members m ON m.id = p.member_id
       WHERE p.member_id = $1 AND p.hash = $2 AND m.deleted_at IS NULL`,
      [id, hash],
    );
    const row = rows[0];
    if (!row) throw notFound;
    return {
      contentType: row.content_type,
      data: row.data.toString('base64'),
      cacheControl: 'public, max-age=31536000, immutable',
    };
  }
}
