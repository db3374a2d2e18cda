import type { AudioClip } from '@marketplace/service-kit';

import { runFfmpeg } from './ffmpeg-process.js';
import type { RecordingInput } from './recording-input.js';

/** OpenAI-compatible transcription endpoints take files up to 25 MB; 10 minutes at 32 kbit/s is 2.4. */
const MAX_BYTES = 24 * 1024 * 1024;

/** Wall-clock seconds for the sound of ten minutes, read from a file of up to 2.4 GiB: it takes well under a minute. */
export const AUDIO_SECONDS = 90;

/**
 * The recording's sound as 16 kHz mono MP3, what speech-to-text models take, or null when the
 * recording has no sound track (a screen recorded without a microphone).
 */
export async function audioTrack(input: RecordingInput, seconds: number, signal: AbortSignal): Promise<AudioClip | null> {
  const run = runFfmpeg(input, ['-map', '0:a:0?', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', 'pipe:1'], signal, {
    seconds: AUDIO_SECONDS,
  });
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of run.stdout as AsyncIterable<Buffer>) {
    // Read to the end either way, so ffmpeg is never left blocked on a full pipe.
    if (bytes + chunk.length <= MAX_BYTES) chunks.push(chunk);
    bytes += chunk.length;
  }
  try {
    await run.done;
  } catch (err) {
    // No sound stream: ffmpeg has nothing to write. Anything else is a decoding failure.
    if (bytes === 0 && /does not contain any stream|matches no streams/i.test((err as Error).message)) return null;
    throw err;
  }
  return chunks.length ? { data: Buffer.concat(chunks), filename: 'walkthrough.mp3', mediaType: 'audio/mpeg', seconds } : null;
}
