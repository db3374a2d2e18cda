import { RECORDING_LIMITS } from '@marketplace/contracts';

import { DecodeError, TooLongError } from './decode-error.js';
import { runFfmpeg } from './ffmpeg-process.js';
import type { RecordingInput } from './recording-input.js';
import { lengthRefusal } from './recording-length.js';

/** Frames are read at this size (the picture fitted inside, padded), large enough for screen text. */
export const FRAME_WIDTH = 1920;
export const FRAME_HEIGHT = 1080;

export interface SamplerOptions {
  /** Frames looked at per second of video. */
  fps: number;
  /** A frame whose picture moved this share of its pixels since the last one read is read too. */
  changedShare: number;
  /** Any change at all is read after this many seconds, so slow changes are not missed. */
  maxGapSeconds: number;
  /** Decoded video beyond this many seconds is refused, whatever the recording stated. */
  maxSeconds: number;
}

export const DEFAULT_SAMPLING: SamplerOptions = { fps: 2, changedShare: 0.0005, maxGapSeconds: 5, maxSeconds: RECORDING_LIMITS.seconds };

/**
 * Wall-clock seconds the decoding may take, frames read with OCR included (ffmpeg waits on the
 * pipe while they are): a busy ten-minute 1080p recording takes about 180 (docs/performance.md),
 * and the check's queue gives an item 540 in all.
 */
export const FRAMES_SECONDS = 400;

export interface SampledFrame {
  atSeconds: number;
  /** Grey levels, FRAME_WIDTH x FRAME_HEIGHT, one byte a pixel. */
  grey: Buffer;
}

export interface SamplingStats {
  framesSeen: number;
  framesRead: number;
  seconds: number;
}

// The change test compares the means of 8x8 blocks: a new line of text moves hundreds of them
// (thin strokes included, which a sparse sample of pixels misses), a blinking cursor one or two.
const BLOCK = 8;
const COLS = FRAME_WIDTH / BLOCK;
const ROWS = FRAME_HEIGHT / BLOCK;
const LEVEL = 6;

function blockMeans(grey: Buffer): Uint8Array {
  const sums = new Uint32Array(COLS * ROWS);
  for (let y = 0; y < FRAME_HEIGHT; y++) {
    const row = y * FRAME_WIDTH;
    const out = ((y / BLOCK) | 0) * COLS;
    for (let x = 0; x < FRAME_WIDTH; x++) sums[out + ((x / BLOCK) | 0)]! += grey[row + x]!;
  }
  const means = new Uint8Array(COLS * ROWS);
  for (let i = 0; i < means.length; i++) means[i] = Math.round(sums[i]! / (BLOCK * BLOCK));
  return means;
}

function changedShare(a: Uint8Array, b: Uint8Array): number {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > LEVEL) changed++;
  return changed / a.length;
}

/**
 * Decodes a WebM or MP4 recording with ffmpeg and yields the frames worth reading: the first,
 * each that differs from the last one yielded (a scene change, text appearing), and, after
 * `maxGapSeconds`, any that differs at all. Frames stream through one at a time, so memory stays
 * flat whatever the length. Throws DecodeError when the file is no video ffmpeg can read.
 */
export async function* sampleFrames(
  input: RecordingInput,
  signal: AbortSignal,
  opts: SamplerOptions = DEFAULT_SAMPLING,
  stats?: SamplingStats,
): AsyncGenerator<SampledFrame> {
  const size = FRAME_WIDTH * FRAME_HEIGHT;
  // Stops ffmpeg once the decoded video runs past the limit, whatever the recording stated.
  const tooLong = new AbortController();
  const stop = AbortSignal.any([signal, tooLong.signal]);
  const run = runFfmpeg(
    input,
    [
      '-map',
      '0:v:0',
      '-an',
      '-vf',
      `setpts=PTS-STARTPTS,fps=${opts.fps},scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:force_original_aspect_ratio=decrease,pad=${FRAME_WIDTH}:${FRAME_HEIGHT}:(ow-iw)/2:(oh-ih)/2`,
      '-pix_fmt',
      'gray',
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    stop,
    { seconds: FRAMES_SECONDS },
  );
  // Swallowed here and raised below, once the frames read so far are out.
  run.done.catch(() => undefined);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  let last: { atSeconds: number; blocks: Uint8Array } | null = null;
  for await (const chunk of run.stdout as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= size) {
      const joined = Buffer.concat(pending, pendingBytes);
      const grey = Buffer.from(joined.subarray(0, size));
      pending = pendingBytes > size ? [joined.subarray(size)] : [];
      pendingBytes -= size;
      const atSeconds = index++ / opts.fps;
      const refusal = lengthRefusal(atSeconds, opts.maxSeconds);
      if (refusal) {
        tooLong.abort(new TooLongError(refusal));
        throw tooLong.signal.reason as TooLongError;
      }
      if (stats) {
        stats.framesSeen++;
        stats.seconds = atSeconds;
      }
      const blocks = blockMeans(grey);
      const share = last ? changedShare(last.blocks, blocks) : 1;
      if (!last || share >= opts.changedShare || (share > 0 && atSeconds - last.atSeconds >= opts.maxGapSeconds)) {
        last = { atSeconds, blocks };
        if (stats) stats.framesRead++;
        yield { atSeconds, grey };
      }
    }
  }
  await run.done;
  if (index === 0) throw new DecodeError('the recording holds no video frames');
}
