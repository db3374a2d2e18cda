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

export const recordingMomentSchema = z.object({
  id: z.string(),
  atSeconds: z.number(),
  quote: z.string(),
  suggestedRequirement: z.string(),
});

export const draftRecordingSchema = z.object({
  id: z.string(),
  status: z.enum(RECORDING_STATUSES).describe('uploading, then analyzing once complete; approved after a clean check or an approval, else needs_review'),
  seconds: z.number().describe('Length in seconds (at most 600)'),
  webcam: z.boolean().describe('The webcam was recorded too'),
  analyzed: z.boolean().describe('True once the frames were read (OCR and the detectors, plus the model when one is configured); false when the recording could not be decoded or the check failed: approval then needs acknowledgeFindings'),
  summary: z.string().nullable().describe('Private to the poster'),
  transcript: z.string().nullable().describe('Private to the poster'),
  findings: z.array(recordingFindingSchema).describe('What should not be shown publicly, each at the second it first shows, the match masked; a secret refuses approval. Private to the poster'),
  moments: z.array(recordingMomentSchema).describe('Moments that suggest a requirement. Private to the poster'),
  acceptedMoments: z.array(z.string()).describe('Ids of the moments the poster accepted (at most 20)'),
  approved: z.boolean(),
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
    seconds: z.number().int(), partBytes: z.number().int(), parts: z.number().int(), acceptedMoments: z.number().int(),
    quotaBytes: z.number().int().describe("Bytes the member's recordings may hold in all, uploads under way included"),
    usedBytes: z.number().int().describe("Bytes the member's recordings hold now"),
  }),
});

export const recordingPartReceivedSchema = z.object({
  recording: draftRecordingSchema,
  index: z.number().int(),
});
