import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

const require = createRequire(import.meta.url);

/** The ffmpeg binary the npm package installed for this platform; nothing is downloaded at run time. */
export function ffmpegPath(): string {
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export class DecodeError extends Error {}

/** The containers a browser's recorder writes, and the ffmpeg demuxer forced for each. */
export type RecordingContainer = 'matroska' | 'mov';

/**
 * The recording's container from its first bytes: WebM and Matroska open with the EBML magic
 * (1A 45 DF A3), MP4 and QuickTime with an `ftyp` box at offset 4. Anything else (an HLS or concat
 * playlist, an image, a script) is refused before ffmpeg sees it, so no other demuxer, and none
 * that opens other files, is ever chosen by what the member uploaded.
 */
export async function containerOf(file: string): Promise<RecordingContainer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
    if (bytesRead >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return 'mov';
  } finally {
    await handle.close();
  }
  throw new DecodeError('the recording is neither WebM nor MP4; it was not decoded');
}

/**
 * The input arguments for a member's recording: its container forced from its magic bytes, and
 * only the `file` protocol allowed, so nothing in the file can make ffmpeg open a URL or a device.
 */
export async function recordingInput(file: string): Promise<string[]> {
  return ['-protocol_whitelist', 'file', '-f', await containerOf(file), '-i', file];
}

/** The largest picture checked: 4K UHD, in either orientation. */
export const MAX_PICTURE = { longSide: 3840, shortSide: 2160 };

/**
 * Reads the recording's video stream header (ffmpeg prints it and stops: no output is named) and
 * refuses a picture larger than 4K before a frame is decoded, and a stated duration over
 * `maxSeconds` (a recorder's WebM often states none: the decoded length is then held by the sampler).
 */
export async function probeRecording(file: string, maxSeconds: number, signal: AbortSignal): Promise<{ width: number; height: number }> {
  const input = await recordingInput(file);
  const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...input], { stdio: ['ignore', 'ignore', 'pipe'], signal });
  let info = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => { if (info.length < 20_000) info += d; });
  await new Promise<void>((resolve, reject) => {
    child.on('error', (err) => reject(signal.aborted ? signal.reason as Error : new DecodeError(`ffmpeg could not run (${err.message})`)));
    child.on('close', () => resolve());
  });
  const video = /Stream #\d+:\d+[^\n]*: Video: [^\n]*?(\d{2,5})x(\d{2,5})/.exec(info);
  if (!video) throw new DecodeError('the recording holds no video stream ffmpeg can read');
  const width = Number(video[1]);
  const height = Number(video[2]);
  if (Math.max(width, height) > MAX_PICTURE.longSide || Math.min(width, height) > MAX_PICTURE.shortSide) {
    throw new DecodeError(`the recording's picture is ${width}x${height}, larger than 4K (3840x2160); it was not decoded`);
  }
  const stated = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(info);
  const seconds = stated ? Number(stated[1]) * 3600 + Number(stated[2]) * 60 + Number(stated[3]) : 0;
  if (seconds > maxSeconds + 0.5) throw new DecodeError(`the recording lasts ${Math.round(seconds)} seconds, more than ${maxSeconds}; it was not decoded`);
  return { width, height };
}

/** At most this much memory in one allocation inside ffmpeg: a crafted header cannot ask for gigabytes. */
const MAX_ALLOC_BYTES = 256 * 1024 * 1024;

export interface FfmpegRun {
  stdout: Readable;
  /** Resolves when ffmpeg exits 0; rejects with its last words otherwise. */
  done: Promise<void>;
}

/**
 * Runs ffmpeg with its output on stdout, one thread, so a check leaves the other core to the
 * service's other queues. Stops with the signal.
 */
export function runFfmpeg(args: string[], signal: AbortSignal): FfmpegRun {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-max_alloc', String(MAX_ALLOC_BYTES), '-threads', '1', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], signal },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => { stderr = (stderr + d).slice(-2000); });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err) => reject(signal.aborted ? signal.reason as Error : new DecodeError(`ffmpeg could not run (${err.message})`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else if (signal.aborted) reject(signal.reason as Error);
      else reject(new DecodeError(lastLine(stderr) || `ffmpeg stopped with code ${String(code)}`));
    });
  });
  return { stdout: child.stdout, done };
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter(Boolean).at(-1)?.trim().slice(0, 300) ?? '';
}
