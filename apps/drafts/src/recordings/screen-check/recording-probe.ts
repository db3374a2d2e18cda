import { DecodeError, TooLongError } from './decode-error.js';
import { ffmpegHeader } from './ffmpeg-process.js';
import type { RecordingInput } from './recording-input.js';
import { lengthRefusal } from './recording-length.js';

/** The largest picture checked: 4K UHD, in either orientation. */
export const MAX_PICTURE = { longSide: 3840, shortSide: 2160 };

/** Reading a header takes well under a second; a file that keeps ffmpeg longer is not a recording. */
export const PROBE_SECONDS = 20;

export interface RecordingHeader {
  /** Every video stream's picture size, in stream order, then any picture ffmpeg refused to decode. */
  pictures: { width: number; height: number }[];
  /** The duration the file states; null when it states none (a recorder's WebM often does not). */
  seconds: number | null;
  /** A sound stream is there: with no speech-to-text model, the sound is then not checked. */
  sound: boolean;
}

/**
 * The streams and duration in what ffmpeg prints about its input. A picture over ffmpeg's own
 * pixel limit is not decoded even to fill in the header; ffmpeg names its size as it refuses it.
 */
export function parseHeader(text: string): RecordingHeader {
  const streams = [...text.matchAll(/^\s*Stream #\d+:\d+\S*: Video: .*?, (\d{1,6})x(\d{1,6})(?=[\s,[]|$)/gm)];
  const refused = [...text.matchAll(/Picture size (\d{1,6})x(\d{1,6}) exceeds specified max pixel count/g)];
  const pictures = [...streams, ...refused].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  const stated = /^\s*Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/m.exec(text);
  const sound = /^\s*Stream #\d+:\d+\S*: Audio: /m.test(text);
  return { pictures, seconds: stated ? Number(stated[1]) * 3600 + Number(stated[2]) * 60 + Number(stated[3]) : null, sound };
}

/** Why a header's pictures are refused before any frame is decoded, or null when they are within the limits. */
export function headerRefusal(header: Pick<RecordingHeader, 'pictures'>): string | null {
  if (header.pictures.length === 0) return 'the recording holds no video stream ffmpeg can read';
  for (const { width, height } of header.pictures) {
    if (Math.max(width, height) > MAX_PICTURE.longSide || Math.min(width, height) > MAX_PICTURE.shortSide) {
      return `the recording's picture is ${width}x${height}, larger than 4K (3840x2160); it was not decoded`;
    }
  }
  return null;
}

/**
 * Reads the recording's header and refuses, before a frame is sampled, a picture larger than 4K
 * (DecodeError) and a stated duration over `maxSeconds` (TooLongError). A header stating less, or
 * nothing, is not trusted: the length is then read from the packets (requireWithinLength).
 */
export async function probeRecording(input: RecordingInput, maxSeconds: number, signal: AbortSignal): Promise<RecordingHeader> {
  const header = parseHeader(await ffmpegHeader(input, signal, { seconds: PROBE_SECONDS }));
  const refusal = headerRefusal(header);
  if (refusal) throw new DecodeError(refusal);
  const tooLong = lengthRefusal(header.seconds, maxSeconds);
  if (tooLong) throw new TooLongError(tooLong);
  return header;
}
