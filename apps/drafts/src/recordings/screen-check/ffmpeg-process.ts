import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

import { DecodeError } from './decode-error.js';
import type { RecordingInput } from './recording-input.js';

const require = createRequire(import.meta.url);

/** The ffmpeg binary the npm package installed for this platform; nothing is downloaded at run time. */
export function ffmpegPath(): string {
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export { DecodeError } from './decode-error.js';

/** At most this much memory in one allocation inside ffmpeg: a crafted header cannot ask for gigabytes. */
const MAX_ALLOC_BYTES = 256 * 1024 * 1024;

/** The most pixels a decoded picture may have, 4K UHD: a frame past it fails, whatever the header said. */
export const MAX_PIXELS = 3840 * 2160;

/**
 * Address space one ffmpeg run may map (Linux). Decoding a 4K recording on one thread peaks near
 * 140 MiB of it; past this, allocations fail and the run ends as not decoded.
 */
export const FFMPEG_MEMORY_BYTES = 512 * 1024 * 1024;

export interface RunOptions {
  /** Wall-clock seconds the run may take; then ffmpeg is killed and the recording reads as not decoded. */
  seconds: number;
  /** Address space ffmpeg may map; FFMPEG_MEMORY_BYTES unless given. */
  memoryBytes?: number;
}

/**
 * ffmpeg's arguments for one run over a member's recording. Every run gets the same input options:
 * the demuxer chosen from the file's magic bytes (never ffmpeg's guess, so no playlist demuxer
 * that opens other files), only the `file` protocol (no network, no other file through a URL),
 * one decoding and one filtering thread, and no picture over 4K.
 */
export function ffmpegArgs(input: RecordingInput, output: readonly string[], loglevel: 'error' | 'info' = 'error'): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    loglevel,
    '-max_alloc',
    String(MAX_ALLOC_BYTES),
    '-filter_threads',
    '1',
    '-threads',
    '1',
    '-max_pixels',
    String(MAX_PIXELS),
    '-protocol_whitelist',
    'file',
    '-f',
    input.container,
    '-i',
    input.file,
    ...output,
  ];
}

/**
 * Node's spawn sets no resource limits, so on Linux a shell sets the address-space limit and
 * then becomes ffmpeg (exec keeps the pid, so a kill reaches ffmpeg itself).
 */
function command(args: string[], memoryBytes: number): [string, string[]] {
  if (process.platform !== 'linux') return [ffmpegPath(), args];
  return ['/bin/sh', ['-c', 'ulimit -v "$1" && shift && exec "$@"', 'ffmpeg', String(Math.floor(memoryBytes / 1024)), ffmpegPath(), ...args]];
}

interface Started {
  stdout: Readable;
  /** ffmpeg's exit code; rejects when the caller's signal or the run's deadline stopped it. */
  exit: Promise<number | null>;
  stderr: () => string;
}

/** The one place ffmpeg is started. Killed (SIGKILL) by the caller's signal or at the run's deadline. */
function start(args: string[], signal: AbortSignal, opts: RunOptions, keep: 'head' | 'tail'): Started {
  const deadline = AbortSignal.timeout(opts.seconds * 1000);
  const [file, argv] = command(args, opts.memoryBytes ?? FFMPEG_MEMORY_BYTES);
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(file, argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
    signal: AbortSignal.any([signal, deadline]),
    killSignal: 'SIGKILL',
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    if (keep === 'tail') stderr = (stderr + d).slice(-2000);
    else if (stderr.length < 20_000) stderr += d;
  });
  const stopped = (): Error | null => {
    if (signal.aborted) return signal.reason as Error;
    if (deadline.aborted) return new DecodeError(`decoding took longer than ${opts.seconds} seconds; ffmpeg was stopped`);
    return null;
  };
  const exit = new Promise<number | null>((resolve, reject) => {
    child.on('error', (err) => reject(stopped() ?? new DecodeError(`ffmpeg could not run (${err.message})`)));
    child.on('close', (code) => {
      const err = stopped();
      if (err) reject(err);
      else resolve(code);
    });
  });
  return { stdout: child.stdout, exit, stderr: () => stderr };
}

export interface FfmpegRun {
  stdout: Readable;
  /** Resolves when ffmpeg exits 0; rejects with its last words otherwise. */
  done: Promise<void>;
}

/** Runs ffmpeg over the recording with `output` (its output on stdout). */
export function runFfmpeg(input: RecordingInput, output: readonly string[], signal: AbortSignal, opts: RunOptions): FfmpegRun {
  const run = start(ffmpegArgs(input, output), signal, opts, 'tail');
  const done = run.exit.then((code) => {
    if (code !== 0) throw new DecodeError(lastLine(run.stderr()) || `ffmpeg stopped with code ${String(code)}`);
  });
  return { stdout: run.stdout, done };
}

/**
 * What ffmpeg prints about the recording's streams when asked for no output: it reads the header
 * (and a few packets to fill it in) and stops, exiting 1 for want of an output.
 */
export async function ffmpegHeader(input: RecordingInput, signal: AbortSignal, opts: RunOptions): Promise<string> {
  const run = start(ffmpegArgs(input, [], 'info'), signal, opts, 'head');
  run.stdout.resume();
  await run.exit;
  return run.stderr();
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter(Boolean).at(-1)?.trim().slice(0, 300) ?? '';
}
