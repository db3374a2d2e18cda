import { FILE_LIMITS } from '@marketplace/contracts';
import { loadOnFirstUse } from '@marketplace/service-kit';
import type { Metadata } from 'sharp';

// The image codec (libvips) is loaded by the first image, not by every process of the service.
const loadSharp = loadOnFirstUse(async () => (await import('sharp')).default);

export type PreviewResult = { kind: 'image'; mimeType: 'image/png' | 'image/jpeg'; data: Buffer } | { kind: 'unavailable'; reason: string };

/** Previews fit this square; smaller sides are tried when a busy picture encodes too large. */
export const PREVIEW_SIDES = [512, 384, 256, 128] as const;
/** The encoded preview stays under this, so its base64 reply sits well inside the 1 MiB bus limit. */
export const PREVIEW_MAX_BYTES = 256 * 1024;

export const PREVIEW_REASONS = {
  type: 'Previews are made only for PNG and JPEG images.',
  animated: 'Animated images have no preview.',
  bytes: `The image is over ${FILE_LIMITS.previewBytes} bytes.`,
  dimension: `The image is over ${FILE_LIMITS.previewDimension} pixels on a side.`,
  pixels: `The image is over ${FILE_LIMITS.previewPixels} pixels.`,
  damaged: 'The image could not be read; it may be damaged.',
  notReady: 'The file is not complete yet.',
  deleting: 'The file is being deleted.',
  pending: 'The preview is still being made; ask again in a few seconds.',
} as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An APNG declares its animation in an `acTL` chunk before the first IDAT. libvips reads such a
 * file as its still first frame (pages 1), so the chunks are looked at directly.
 */
export function isAnimatedPng(bytes: Buffer): boolean {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/**
 * Decides whether a file can be previewed and makes the preview: only what sharp decodes is kept
 * (metadata dropped), fitted within 512x512 in the same format. The bytes decide the type, never
 * the file's name.
 */
export async function makePreview(bytes: Buffer): Promise<PreviewResult> {
  const unavailable = (reason: string): PreviewResult => ({ kind: 'unavailable', reason });
  if (bytes.length > FILE_LIMITS.previewBytes) return unavailable(PREVIEW_REASONS.bytes);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, pages: -1 }).metadata();
  } catch {
    return unavailable(PREVIEW_REASONS.type);
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') return unavailable(PREVIEW_REASONS.type);
  if ((meta.pages ?? 1) > 1 || (meta.format === 'png' && isAnimatedPng(bytes))) return unavailable(PREVIEW_REASONS.animated);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) return unavailable(PREVIEW_REASONS.damaged);
  if (width > FILE_LIMITS.previewDimension || height > FILE_LIMITS.previewDimension) return unavailable(PREVIEW_REASONS.dimension);
  if (width * height > FILE_LIMITS.previewPixels) return unavailable(PREVIEW_REASONS.pixels);
  const mimeType = meta.format === 'png' ? 'image/png' : 'image/jpeg';
  try {
    for (const side of PREVIEW_SIDES) {
      const pipeline = sharp(bytes, { limitInputPixels: FILE_LIMITS.previewPixels, failOn: 'error' })
        .rotate()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true });
      const data =
        meta.format === 'png' ? await pipeline.png({ compressionLevel: 9 }).toBuffer() : await pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
      if (data.length <= PREVIEW_MAX_BYTES || side === PREVIEW_SIDES.at(-1)) return { kind: 'image', mimeType, data };
    }
  } catch {
    return unavailable(PREVIEW_REASONS.damaged);
  }
  return unavailable(PREVIEW_REASONS.damaged);
}

export function previewObjectKey(fileId: string): string {
  return `files/previews/${fileId}`;
}
