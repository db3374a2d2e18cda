import { open } from 'node:fs/promises';

import { DecodeError } from './decode-error.js';

/** The containers a browser's recorder writes, named as the ffmpeg demuxer forced for each. */
export type RecordingContainer = 'matroska' | 'mov';

/** A member's recording as ffmpeg may read it: the file and the one demuxer it is read with. */
export interface RecordingInput {
  readonly file: string;
  readonly container: RecordingContainer;
}

/** Bytes read from the start of a file to tell its container. */
export const HEAD_BYTES = 12;

/**
 * The container from a file's first bytes: WebM and Matroska open with the EBML magic
 * (1A 45 DF A3), MP4 and QuickTime with an `ftyp` box at offset 4. Null for anything else: an HLS
 * or concat playlist (which makes ffmpeg open other files), an image, a script.
 */
export function containerOfHead(head: Buffer): RecordingContainer | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return 'mov';
  return null;
}

/** The container of a file on disk, or null when it is neither WebM nor MP4. */
export async function containerOfFile(file: string): Promise<RecordingContainer | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return containerOfHead(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * The recording as ffmpeg input, or a DecodeError before ffmpeg runs when its first bytes are
 * neither WebM nor MP4: what the member uploaded never chooses ffmpeg's demuxer.
 */
export async function openRecording(file: string): Promise<RecordingInput> {
  const container = await containerOfFile(file);
  if (!container) throw new DecodeError('the recording is neither WebM nor MP4; it was not decoded');
  return { file, container };
}
