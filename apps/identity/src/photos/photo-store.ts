import { AppError, PHOTO_LIMITS, type UploadedObject } from '@marketplace/contracts';
import { LOGGER, type Logger, ObjectStorage } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';

import { photoObjectKey, type ReencodedPhoto } from './photo-image.js';

/** Member photos in object storage: the upload read from its staging key, the re-encoded photo kept under its own. */
@Injectable()
export class PhotoStore {
  constructor(
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The uploaded bytes. The gateway held them to the limit; this holds any other caller to it too. */
  async readUpload(upload: UploadedObject): Promise<Buffer> {
    const bytes = await this.storage.read(upload.key, PHOTO_LIMITS.bytes);
    if (!bytes) throw AppError.badRequest('Invalid field: image.', { image: 'The upload is gone; send the image again.' });
    return bytes;
  }

  async put(memberId: string, photo: ReencodedPhoto): Promise<string> {
    const key = photoObjectKey(memberId, photo.hash);
    await this.storage.put(key, photo.data, photo.contentType);
    return key;
  }

  /**
   * A row from before object storage held its bytes: they are copied there on first read, so
   * every photo is served the same way without a migration that needs storage.
   */
  async adopt(memberId: string, hash: string, data: Buffer, contentType: string): Promise<string> {
    const key = photoObjectKey(memberId, hash);
    await this.storage.put(key, data, contentType);
    return key;
  }

  /** For account deletion: fails when storage does, so the deletion is retried rather than leaving the photo. */
  async remove(key: string): Promise<void> {
    await this.storage.remove(key);
  }

  /** After a replaced or removed photo's row is gone: nothing links to the object any more, so a failure only costs space. */
  discard(key: string | null | undefined): void {
    if (!key) return;
    this.storage.remove(key).catch((err: unknown) => this.logger.warn({ key, err }, 'old photo not removed from storage'));
  }
}
