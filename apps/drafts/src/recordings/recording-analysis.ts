import { type DraftRecording, RECORDING_FINDING_KINDS, RECORDING_LIMITS, type RecordingCheck } from '@marketplace/contracts';
import { addUsage, type ChatImage, type ModelProvider, type ModelUsage, type Transcript } from '@marketplace/service-kit';
import { z } from 'zod';

import type { JobDraftEntity } from '../drafts/draft.entity.js';
import type { RecordingEntity } from './recording.entity.js';
import { allChecked, check, NO_FACE_DETECTION, NO_MODEL, NO_SOUND, NO_SPEECH_MODEL, noneChecked } from './recording-checks.js';
import { audioTrack } from './screen-check/audio-track.js';
import { DecodeError, TooLongError } from './screen-check/decode-error.js';
import { DEFAULT_SAMPLING, sampleFrames, type SamplerOptions, type SamplingStats } from './screen-check/frame-sampler.js';
import { openRecording, type RecordingInput } from './screen-check/recording-input.js';
import { requireWithinLength } from './screen-check/recording-length.js';
import { probeRecording, type RecordingHeader } from './screen-check/recording-probe.js';
import { clock, detectInText, FindingLog } from './screen-check/screen-findings.js';
import { frameAsJpeg, openScreenReader } from './screen-check/screen-reader.js';
import { ScreenTimeline } from './screen-check/screen-timeline.js';

export interface RecordingAnalysis {
  /** True when every part of the check was checked, whatever it found (the contract's `analyzed`). */
  analyzed: boolean;
  /** Each part of the check: done, found or not checked, and why. */
  checks: RecordingCheck[];
  summary: string;
  transcript: string | null;
  findings: DraftRecording['findings'];
  moments: DraftRecording['moments'];
}

export interface CheckOptions {
  sampling?: SamplerOptions;
  /** Frames shown to a vision model, spread over the recording. */
  framesForModel?: number;
  /** Filled in as frames are decoded and read (the benchmark reports them). */
  stats?: SamplingStats;
}

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

const modelShape = z.object({
  summary: z.string().min(1),
  findings: z
    .array(z.object({ kind: z.enum(RECORDING_FINDING_KINDS).catch('other'), atSeconds: z.number().min(0), description: z.string().min(1) }))
    .default([]),
  moments: z.array(z.object({ atSeconds: z.number().min(0), quote: z.string().min(1), suggestedRequirement: z.string().min(1) })).default([]),
  people: z.array(z.object({ atSeconds: z.number().min(0), description: z.string().min(1) })).default([]),
});

export const RECORDING_CHECK_PROMPT =
  'You check a screen-recorded walkthrough a person made to show a worker their problem, before it is shown with a job posting. ' +
  'You get frames of the recording as images, each with its time and the text read from it, and what was said, with times. ' +
  `Answer JSON {"summary": string (at most 1200 characters: what the recording shows, with times like 0:05), "findings": [{"kind": one of ${RECORDING_FINDING_KINDS.join(', ')}, "atSeconds": number, "description": string}] ` +
  '(anything on screen or said that should not be shown publicly: "secret" for passwords, keys or tokens; "personal", "customer", "financial", "internal" for such details; never repeat a secret whole), ' +
  '"moments": [{"atSeconds": number, "quote": string (what was said or shown), "suggestedRequirement": string}] (moments that suggest a requirement for the posting), ' +
  '"people": [{"atSeconds": number, "description": string}] (faces or people seen in a frame, such as a video call, a photo or a profile picture, other than the presenter\'s own webcam)}.';

/** Keeps an even spread of at most `size` items from a stream of unknown length. */
class EvenSpread<T> {
  private items: T[] = [];
  private stride = 1;
  private seen = 0;

  constructor(private readonly size: number) {}

  offer(make: () => Promise<T>): Promise<void> | void {
    if (this.seen++ % this.stride !== 0) return;
    return make().then((item) => {
      this.items.push(item);
      if (this.items.length >= this.size * 2) {
        this.items = this.items.filter((_, i) => i % 2 === 0);
        this.stride *= 2;
      }
    });
  }

  take(): T[] {
    if (this.items.length <= this.size) return this.items;
    const step = this.items.length / this.size;
    return Array.from({ length: this.size }, (_, i) => this.items[Math.floor(i * step)]!);
  }
}

function notDecoded(rec: RecordingEntity, reason: string): RecordingAnalysis {
  return {
    analyzed: false,
    transcript: null,
    findings: [],
    moments: [],
    checks: noneChecked(`the recording could not be decoded: ${reason}`),
    summary: clip(
      `A ${Math.round(rec.seconds)}-second screen recording${rec.webcam ? ' with webcam' : ''} that could not be decoded (${reason}), so nothing on it was read: watch it before approving.`,
      1200,
    ),
  };
}

function transcriptText(t: Transcript): string {
  return t.segments.length ? t.segments.map((s) => `[${clock(s.start)}] ${s.text}`).join('\n') : t.text;
}

/**
 * Checks a walkthrough by looking at it: ffmpeg decodes the video, every frame that changed is
 * read with OCR, and the product's detectors (credentials, personal data, card numbers, internal
 * paths) run over what was read, each hit a finding at the first second it shows. With a model
 * configured, speech becomes the transcript and a vision model gets the frames with their text,
 * looking for faces too; its findings add to the detectors' and never remove one. Each part says
 * whether it was checked: without a model, faces and the model's review are not, nor is a sound
 * track without a speech-to-text model. A model that fails fails the check
 * (the queue retries, then the recording reads `failed`): nothing reads as checked that was not.
 * A video over the length limit, by its header or its packets, throws TooLongError.
 */
export async function analyzeRecording(
  rec: RecordingEntity,
  draft: JobDraftEntity,
  videoFile: string,
  model: ModelProvider | null,
  signal: AbortSignal,
  opts: CheckOptions = {},
): Promise<{ result: RecordingAnalysis; usage: ModelUsage | null }> {
  const log = new FindingLog();
  const timeline = new ScreenTimeline();
  const stats: SamplingStats = opts.stats ?? { framesSeen: 0, framesRead: 0, seconds: 0 };
  const frames = new EvenSpread<ChatImage>(opts.framesForModel ?? 12);
  const sampling = opts.sampling ?? DEFAULT_SAMPLING;
  const reader = await openScreenReader();
  let input: RecordingInput;
  let header: RecordingHeader;
  try {
    // Refused before any frame is decoded: not WebM or MP4 by its first bytes, over 4K, or over the length limit, stated or not.
    input = await openRecording(videoFile);
    header = await probeRecording(input, sampling.maxSeconds, signal);
    await requireWithinLength(input, sampling.maxSeconds, signal);
    for await (const frame of sampleFrames(input, signal, sampling, stats)) {
      const text = await reader.read(frame.grey);
      timeline.add(frame.atSeconds, text);
      log.add(frame.atSeconds, detectInText(text), 'screen');
      if (model) {
        await frames.offer(async () => ({
          data: await frameAsJpeg(frame.grey),
          mediaType: 'image/jpeg',
          caption: `Frame at ${clock(frame.atSeconds)}. Text read on it: ${clip(text, 1500) || '(none)'}`,
        }));
      }
    }
  } catch (err) {
    // Too long is no recording to review: it goes up to the caller, which refuses it.
    if (err instanceof DecodeError && !(err instanceof TooLongError)) return { result: notDecoded(rec, err.message), usage: null };
    throw err;
  } finally {
    await reader.close();
  }
  const seconds = Math.min(Math.max(rec.seconds, stats.seconds), RECORDING_LIMITS.seconds);
  const screen = `On screen: ${timeline.summary(seconds)}`;
  const screenText = check('screen_text', log.has('screen') ? 'found' : 'done');
  // Nothing here hears speech without a speech-to-text model: a sound track is then not checked.
  const unheard = header.sound ? check('sound', 'not_checked', NO_SPEECH_MODEL) : check('sound', 'done', NO_SOUND);
  if (!model) {
    const checks = [screenText, unheard, check('faces', 'not_checked', NO_FACE_DETECTION), check('model_review', 'not_checked', NO_MODEL)];
    return {
      result: { analyzed: allChecked(checks), checks, summary: clip(screen, 1200), transcript: null, findings: log.findings(), moments: [] },
      usage: null,
    };
  }

  let usage: ModelUsage | null = null;
  let transcript: Transcript | null = null;
  let sound = unheard;
  if (model.transcriptionModel) {
    const audio = await audioTrack(input, seconds, signal);
    if (audio) {
      const heard = await model.transcribe(audio, signal);
      transcript = heard.transcript;
      usage = addUsage(usage, heard.usage);
      for (const s of transcript.segments) log.add(s.start, detectInText(s.text), 'speech');
      if (!transcript.segments.length) log.add(0, detectInText(transcript.text), 'speech');
      sound = check('sound', log.has('speech') ? 'found' : 'done');
    } else {
      sound = check('sound', 'done', NO_SOUND);
    }
  }
  const within = (s: number) => Math.min(Math.max(0, s), seconds || RECORDING_LIMITS.seconds);
  const asked = await model.chatJson({
    system: RECORDING_CHECK_PROMPT,
    user: [
      `Recording: ${Math.round(seconds)} seconds of screen${rec.webcam ? ' with webcam' : ''}.`,
      `Context: ${draft.answers.context ?? ''}`,
      `Problem or wanted result: ${draft.answers.problem ?? ''}`,
      ...(draft.posting ? [`Posting title: ${draft.posting.title}`] : []),
      `What was said: ${transcript ? clip(transcriptText(transcript), 8000) : '(no sound, or no transcription)'}`,
      'Frames follow.',
    ].join('\n'),
    images: frames.take(),
    schema: modelShape,
    signal,
  });
  usage = addUsage(usage, asked.usage);
  const modelFindings = asked.data.findings
    .slice(0, 50)
    .map((f) => ({ kind: f.kind, atSeconds: within(f.atSeconds), description: clip(`Seen by the model: ${f.description}`, 500) }));
  // A face is a personal detail: the poster decides whether it may be shown.
  const people = asked.data.people.slice(0, 20).map((p) => ({
    kind: 'personal' as const,
    atSeconds: within(p.atSeconds),
    description: clip(`Seen by the model, a face or person: ${p.description}`, 500),
  }));
  const checks = [screenText, sound, check('faces', people.length ? 'found' : 'done'), check('model_review', modelFindings.length ? 'found' : 'done')];
  return {
    result: {
      analyzed: allChecked(checks),
      checks,
      summary: clip(`${asked.data.summary.trim()} ${screen}`, 1200),
      transcript: transcript ? clip(transcriptText(transcript), 20_000) : null,
      findings: [...log.findings(), ...modelFindings, ...people].sort((a, b) => a.atSeconds - b.atSeconds),
      moments: asked.data.moments.slice(0, 50).map((m, i) => ({
        id: `m${i + 1}`,
        atSeconds: within(m.atSeconds),
        quote: clip(m.quote, 500),
        suggestedRequirement: clip(m.suggestedRequirement, 500),
      })),
    },
    usage,
  };
}
