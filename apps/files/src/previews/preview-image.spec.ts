import { randomBytes } from 'node:crypto';

import { FILE_LIMITS } from '@marketplace/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { isAnimatedPng, makePreview, PREVIEW_MAX_BYTES, PREVIEW_REASONS } from './preview-image.js';

function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A two-frame APNG: the signature, IHDR, then acTL before the first IDAT. */
async function apng(): Promise<Buffer> {
  const still = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  const ihdrEnd = 8 + 12 + still.readUInt32BE(8);
  const acTL = Buffer.alloc(20);
  acTL.writeUInt32BE(8, 0);
  acTL.write('acTL', 4, 'latin1');
  acTL.writeUInt32BE(2, 8);
  return Buffer.concat([still.subarray(0, ihdrEnd), acTL, still.subarray(ihdrEnd)]);
}

describe('makePreview', () => {
  it('a PNG becomes a PNG fitted within 512x512', async () => {
    const png = await noise(600, 300).png().toBuffer();
    const result = await makePreview(png);
    expect(result.kind).toBe('image');
    if (result.kind !== 'image') return;
    expect(result.mimeType).toBe('image/png');
    const meta = await sharp(result.data).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(result.data.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
  });

  it('a JPEG stays a JPEG; a small image is not enlarged', async () => {
    const result = await makePreview(await noise(40, 30).jpeg().toBuffer());
    expect(result).toMatchObject({ kind: 'image', mimeType: 'image/jpeg' });
    if (result.kind === 'image') expect(await sharp(result.data).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
  });

  it('other types, animation, damage and the size limits are unavailable with the reason', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    expect(await makePreview(gif)).toEqual({ kind: 'unavailable', reason: PREVIEW_REASONS.type });
    expect(await makePreview(Buffer.from('%PDF-1.4 not an image'))).toEqual({ kind: 'unavailable', reason: PREVIEW_REASONS.type });
    const animatedGif = await sharp(await noise(4, 8).png().toBuffer(), { pages: -1 })
      .gif()
      .toBuffer()
      .then((b) =>
        sharp(b, { pages: -1 })
          .metadata()
          .then(() => b),
      );
    expect((await makePreview(animatedGif)).kind).toBe('unavailable');
    expect(isAnimatedPng(await apng())).toBe(true);
    expect(await makePreview(await apng())).toEqual({ kind: 'unavailable', reason: PREVIEW_REASONS.animated });
    expect(await makePreview(Buffer.alloc(FILE_LIMITS.previewBytes + 1))).toEqual({ kind: 'unavailable', reason: PREVIEW_REASONS.bytes });
    const tall = await sharp({ create: { width: 1, height: 8193, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await makePreview(tall)).toEqual({ kind: 'unavailable', reason: PREVIEW_REASONS.dimension });
    const many = await sharp({ create: { width: 4100, height: 4100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(many.length).toBeLessThan(FILE_LIMITS.previewBytes);
    expect(await makePreview(many)).toEqual({ kind: 'unavailable', reason: PREVIEW_REASONS.pixels });
    const png = await noise(50, 50).png().toBuffer();
    expect((await makePreview(png.subarray(0, 200))).kind).toBe('unavailable');
  });

  it('a still PNG is not mistaken for an animated one', async () => {
    expect(isAnimatedPng(await noise(4, 4).png().toBuffer())).toBe(false);
    expect(isAnimatedPng(Buffer.from('not a png'))).toBe(false);
  });
});
