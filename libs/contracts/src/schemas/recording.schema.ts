import { z } from 'zod';

import { dateTimeSchema } from './common.schema.js';

/** The contract's recording limits, plus the part size this service chose for uploads. */
export const RECORDING_LIMITS = {
  /** A recording lasts up to 10 minutes. */
  seconds: 600,
  /** A recording link is valid 60 minutes. */
  linkMinutes: 60,
  acceptedMoments: 20,
  /** Bytes per part at most: a few seconds of screen video as MediaRecorder hands it over. */
  partBytes: 4_194_304,
  /** Parts per recording at most: one a second for the whole ten minutes. */
  parts: 600,
  /**
   * Bytes per recording at most, its parts together: ten minutes at 14 Mbit/s, several times what a
   * browser records a screen at (about 2.5 Mbit/s), so 600 full parts are not a longer video.
   */
  bytes: 1_073_741_824,
} as const;

export const RECORDING_STATUSES = ['uploading', 'analyzing', 'needs_review', 'approved', 'failed'] as const;
/** Recordings are stored as the browser recorded them: WebM, or MP4 where the browser records that. */
export function videoContentType(key: string): 'video/mp4' | 'video/webm' {
  return key.endsWith('.mp4') ? 'video/mp4' : 'video/webm';
}

export const RECORDING_FINDING_KINDS = ['secret', 'personal', 'customer', 'financial', 'internal', 'other'] as const;

export const recordingFindingSchema = z.object({
  kind: z.enum(RECORDING_FINDING_KINDS),
  atSeconds: z.number(),
  description: z.string(),
});

/**
 * The parts of a walkthrough's check, each said to be done, to have found something, or not to
 * have been checked (with why): a recording is approved by itself only when every part is done.
 */
export const RECORDING_CHECK_PARTS = ['screen_text', 'sound', 'faces', 'model_review'] as const;
export type RecordingCheckPart = (typeof RECORDING_CHECK_PARTS)[number];
export const RECORDING_CHECK_STATES = ['done', 'found', 'not_checked'] as const;

/** How a part is named to a person: in errors, on the page and in the tool's answers. */
export const RECORDING_CHECK_LABELS: Record<RecordingCheckPart, string> = {
  screen_text: 'screen text',
  sound: 'sound',
  faces: 'faces and people',
  model_review: 'model review',
};

export const recordingCheckSchema = z.object({
  part: z.enum(RECORDING_CHECK_PARTS),
  state: z.enum(RECORDING_CHECK_STATES),
  note: z.string().nullable().describe('Why it was not checked, or what was checked when that needs saying'),
});
export type RecordingCheck = z.infer<typeof recordingCheckSchema>;

export const recordingMomentSchema = z.object({
  id: z.string(),
  atSeconds: z.number(),
  quote: z.string(),
  suggestedRequirement: z.string(),
});

export const draftRecordingSchema = z.object({
  id: z.string(),
  status: z
    .enum(RECORDING_STATUSES)
    .describe('uploading, then analyzing once complete; approved when every check is done and nothing found, or on approval; else needs_review'),
  seconds: z.number().describe('Length in seconds (at most 600)'),
  webcam: z.boolean().describe('The webcam was recorded too'),
  analyzed: z
    .boolean()
    .describe(
      'True when every part of checks was checked; false when one was not (no model, no speech-to-text model, not decoded, failed): approval then needs acknowledgeFindings',
    ),
  checks: z
    .array(recordingCheckSchema)
    .describe(
      'Each part of the check (screen_text, sound, faces, model_review): done, found or not_checked with a note; empty until checked. Approved by itself only when all are done',
    ),
  summary: z.string().nullable().describe('Private to the poster'),
  transcript: z.string().nullable().describe('Private to the poster'),
  findings: z
    .array(recordingFindingSchema)
    .describe('What should not be shown publicly, each at the second it first shows, the match masked; a secret refuses approval. Private to the poster'),
  moments: z.array(recordingMomentSchema).describe('Moments that suggest a requirement. Private to the poster'),
  acceptedMoments: z.array(z.string()).describe('Ids of the moments the poster accepted (at most 20)'),
  approved: z.boolean(),
  acknowledged: z
    .array(z.enum(RECORDING_CHECK_PARTS))
    .describe('Parts not checked or with findings that the poster acknowledged when approving; empty when approved by itself'),
  parts: z.number().int().describe('Parts received so far'),
  bytes: z.number().int().describe('Bytes received so far'),
  videoUrl: z.string().nullable().describe('Where the poster can watch it (Range requests); null until it is complete'),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type DraftRecording = z.infer<typeof draftRecordingSchema>;

export const recordingLinkSchema = z.object({
  path: z.string().describe('The record page with the token in the URL fragment: /record#<token>'),
  url: z.string().optional().describe('Absolute form of path, when the service knows its public address'),
  expiresAt: dateTimeSchema.describe('60 minutes from now; a newer link revokes this one'),
});

export const recordingSessionSchema = z.object({
  draftId: z.string(),
  posterName: z.string().nullable().describe("The poster's display name"),
  title: z.string().nullable().describe("The draft's written title, when there is one"),
  needs: z.string().describe('What to record, in one sentence'),
  expiresAt: dateTimeSchema,
  recording: draftRecordingSchema.nullable().describe("The draft's current recording"),
  limits: z.object({
    seconds: z.number().int(),
    partBytes: z.number().int(),
    parts: z.number().int(),
    acceptedMoments: z.number().int(),
    bytes: z.number().int().describe("Bytes one recording's parts may add up to"),
    quotaBytes: z.number().int().describe("Bytes the member's recordings may hold in all, uploads under way included"),
    usedBytes: z.number().int().describe("Bytes the member's recordings hold now"),
  }),
});

export const recordingPartReceivedSchema = z.object({
  recording: draftRecordingSchema,
  index: z.number().int(),
});
