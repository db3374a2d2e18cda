import type { AudioClip } from '@marketplace/service-kit';
import { recordingInput, runFfmpeg } from './ffmpeg-process.js';

/** OpenAI-compatible transcription endpoints take files up to 25 MB; 10 minutes at 32 kbit/s is 2.4. */
const MAX_BYTES = 24 * 1024 * 1024;

/**
 * The recording's sound as 16 kHz mono MP3, what speech-to-text models take, or null when the
 * recording has no sound track (a screen recorded without a microphone).
 */
export async function audioTrack(file: string, seconds: number, signal: AbortSignal): Promise<AudioClip | null> {
  const run = runFfmpeg([...await recordingInput(file), '-map', '0:a:0?', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', 'pipe:1'], signal);
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
