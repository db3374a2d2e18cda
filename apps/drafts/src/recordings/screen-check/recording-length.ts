import { DecodeError, TooLongError } from './decode-error.js';
import { runFfmpeg } from './ffmpeg-process.js';
import type { RecordingInput } from './recording-input.js';

/**
 * Seconds a recording may run past its limit: a recorder stops a moment after the timer, and the
 * last frame's own duration counts in what ffmpeg reports.
 */
export const LENGTH_SLACK_SECONDS = 1;

/** Reading the timestamps of a ten-minute recording takes a few seconds; a file that keeps ffmpeg longer is not one. */
export const LENGTH_RUN_SECONDS = 60;

/** Why a video of `seconds` is refused, or null when it is within `maxSeconds` (and the slack). */
export function lengthRefusal(seconds: number | null, maxSeconds: number): string | null {
  if (seconds === null || seconds <= maxSeconds + LENGTH_SLACK_SECONDS) return null;
  return `the recording's video lasts ${Math.round(seconds)} seconds, more than the ${maxSeconds} a recording may last`;
}

/** The latest `out_time_us` in ffmpeg's progress report, in seconds; null when it reported none. */
export function progressSeconds(text: string): number | null {
  let latest: number | null = null;
  for (const m of text.matchAll(/^out_time_us=(\d+)$/gm)) latest = Math.max(latest ?? 0, Number(m[1]) / 1_000_000);
  return latest;
}

/**
 * The length of the recording's video from its own packets' timestamps, whatever its header states
 * (a recorder's WebM states none, and a header can lie). The first video stream is demuxed and
 * copied to nothing, never decoded, so this takes seconds even for the largest recording and stays
 * flat in memory, within ffmpeg's own time and memory bounds. Throws TooLongError for a video over
 * the limit; null when ffmpeg could not tell (the sampler then still holds the limit as it decodes).
 */
export async function requireWithinLength(input: RecordingInput, maxSeconds: number, signal: AbortSignal): Promise<number | null> {
  const run = runFfmpeg(input, ['-map', '0:v:0', '-an', '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'], signal, {
    seconds: LENGTH_RUN_SECONDS,
  });
  run.done.catch(() => undefined);
  let text = '';
  let seconds: number | null = null;
  for await (const chunk of run.stdout as AsyncIterable<Buffer>) {
    // Reports repeat every half second: only the latest matters, so the text kept stays small.
    text = (text + chunk.toString('latin1')).slice(-4096);
    seconds = progressSeconds(text) ?? seconds;
  }
  try {
    await run.done;
  } catch (err) {
    // A stream ffmpeg cannot demux in time is the sampler's to report as not decoded.
    if (err instanceof DecodeError && !signal.aborted) return null;
    throw err;
  }
  const refusal = lengthRefusal(seconds, maxSeconds);
  if (refusal) throw new TooLongError(refusal);
  return seconds;
}
