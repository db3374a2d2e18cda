import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

const require = createRequire(import.meta.url);

/** The ffmpeg binary the npm package installed for this platform; nothing is downloaded at run time. */
export function ffmpegPath(): string {
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export class DecodeError extends Error {}

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
    ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-threads', '1', ...args],
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
