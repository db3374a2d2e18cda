import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import type { ObjectStorage } from '@marketplace/service-kit';

import { ffmpegHeader } from './screen-check/ffmpeg-process.js';
import { containerOfFile } from './screen-check/recording-input.js';
import { parseHeader } from './screen-check/recording-probe.js';

/** The first part's header is read in well under a second; a part that keeps ffmpeg longer is left to the check. */
const STATED_SECONDS_RUN = 5;

/**
 * The duration a recording states in its first part's header, or null when it states none (a
 * browser's recorder does not), the part is not WebM or MP4, or it cannot be read in time. It lets a
 * recording that says it is too long be refused at once; the background check still reads the
 * length from the video itself, so a header that says less, or nothing, gains nothing.
 */
export async function statedSeconds(storage: ObjectStorage, key: string, signal: AbortSignal): Promise<number | null> {
  const dir = await mkdtemp(join(tmpdir(), 'recording-head-'));
  try {
    const object = await storage.open(key);
    if (!object) return null;
    const file = join(dir, 'part');
    // A part is at most 4 MiB: the upload refused anything larger.
    await pipeline(object.stream, createWriteStream(file), { signal });
    const container = await containerOfFile(file);
    if (!container) return null;
    const text = await ffmpegHeader({ file, container }, signal, { seconds: STATED_SECONDS_RUN });
    return parseHeader(text).seconds;
  } catch {
    // Not knowing here refuses nothing: the background check reads the length from the video anyway.
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
