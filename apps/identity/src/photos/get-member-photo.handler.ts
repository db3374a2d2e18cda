import { AppError, getMemberPhoto, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { PhotoStore } from './photo-store.js';
import { adoptPhoto, visiblePhoto } from './photos.queries.js';

/**
 * Names the object the gateway streams; the bytes never come through here. The bytes at a photo
 * path never change (the hash names them), hence the immutable cache policy.
 */
@Injectable()
export class GetMemberPhotoHandler implements OperationHandler<typeof getMemberPhoto> {
  readonly operation = getMemberPhoto;

  constructor(
    private readonly ds: DataSource,
    private readonly photos: PhotoStore,
  ) {}

  async handle({ id, hash }: InputOf<typeof getMemberPhoto>): Promise<OutputOf<typeof getMemberPhoto>> {
    const notFound = AppError.notFound('No such photo.');
    const row = await visiblePhoto(this.ds, id, hash);
    if (!row) throw notFound;
    let key = row.object_key;
    if (!key) {
      if (!row.data) throw notFound;
      key = await this.photos.adopt(id, hash, row.data, row.content_type);
      await adoptPhoto(this.ds, id, hash, key);
    }
    return { key, contentType: row.content_type, cacheControl: 'public, max-age=31536000, immutable' };
  }
}
