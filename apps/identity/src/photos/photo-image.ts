import { createHash } from 'node:crypto';

import { AppError, PHOTO_LIMITS } from '@marketplace/contracts';
import { loadOnFirstUse } from '@marketplace/service-kit';
import type { Metadata } from 'sharp';

// The image codec (libvips) is loaded by the first image, not by every process of the service.
const loadSharp = loadOnFirstUse(async () => (await import('sharp')).default);

export interface ReencodedPhoto {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  hash: string;
}

function invalid(message: string): AppError {
  return AppError.badRequest(message, { image: message });
}

/**
 * Checks an uploaded photo and re-encodes it: only what sharp decoded is kept, so metadata
 * (location, camera) and anything smuggled after the image data are dropped. The declared
 * content type is never trusted; the bytes say what the image is.
 */
export async function reencodePhoto(bytes: Buffer): Promise<ReencodedPhoto> {
  if (bytes.length === 0) throw invalid('Must be a PNG or JPEG image.');
  if (bytes.length > PHOTO_LIMITS.bytes) throw AppError.tooLarge(`The image is over ${PHOTO_LIMITS.bytes} bytes.`);

  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, pages: -1 }).metadata();
  } catch {
    throw invalid('Not a readable PNG or JPEG image.');
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') throw invalid('Only PNG and JPEG images are accepted.');
  if ((meta.pages ?? 1) > 1) throw invalid('Animated images are not accepted.');
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw invalid('Not a readable PNG or JPEG image.');
  if (width > PHOTO_LIMITS.dimension || height > PHOTO_LIMITS.dimension) {
    throw invalid(`The image is over ${PHOTO_LIMITS.dimension} pixels on a side.`);
  }
  if (width * height > PHOTO_LIMITS.pixels) throw invalid(`The image is over ${PHOTO_LIMITS.pixels} pixels.`);

  let data: Buffer;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: 'error' })
      .rotate()
      .resize(PHOTO_LIMITS.stored, PHOTO_LIMITS.stored, { fit: 'inside', withoutEnlargement: true });
    data = meta.format === 'png' ? await pipeline.png({ compressionLevel: 9 }).toBuffer() : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw invalid('The image data is damaged or incomplete.');
  }
  const contentType = meta.format === 'png' ? 'image/png' : 'image/jpeg';
  return { data, contentType, hash: createHash('sha256').update(data).digest('hex').slice(0, 32) };
}

export function photoPath(memberId: string, hash: string): string {
  return `/api/members/${memberId}/photo/${hash}`;
}

/** Where a member's re-encoded photo is kept in object storage; the hash makes it immutable. */
export function photoObjectKey(memberId: string, hash: string): string {
  return `identity/photos/${memberId}/${hash}`;
}
