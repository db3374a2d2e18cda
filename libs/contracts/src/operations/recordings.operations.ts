import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';
import {
  draftRecordingSchema,
  RECORDING_LIMITS,
  recordingLinkSchema,
  recordingPartReceivedSchema,
  recordingSessionSchema,
} from '../schemas/recording.schema.js';
import { objectDownloadSchema, uploadedObjectSchema } from '../schemas/stored-object.schema.js';
import { sha256Schema } from './files.operations.js';

/**
 * Walkthrough recordings of a draft (contract: "DraftRecording", "Recording status", "Drafts and
 * recordings"). The poster makes a private link to the record page; whoever holds its token (the
 * poster's own browser, often on another device) records the screen and uploads it part by part
 * as it is recorded, then completes it; the drafts worker checks it in the background.
 *
 * Token holder operations read the token from the `x-recording-token` header (never the URL, so
 * it stays out of logs and history); a missing, expired or replaced token, or a posted draft, is 401.
 */

const recordingToken = z.string().max(200).optional().describe("From the x-recording-token header: the token in the record link's fragment");
const TOKEN_FIELD = { recordingToken: { in: 'request', name: 'recording-token' } } as const;
const recordingId = idSchema.describe('The recording');

export const createRecordingLink = defineOperation({
  name: 'createRecordingLink',
  service: 'drafts',
  summary: 'Make a private link to the record page for a draft (valid 60 minutes; revokes older links)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('The draft') }),
  output: recordingLinkSchema,
  rest: { method: 'POST', path: '/api/me/job-drafts/{id}/recording-links', status: 201 },
  mcp: {
    tool: 'create_recording_link',
    args: { id: 'draft_id' },
    description: `Give your human the url to record a walkthrough (screen, optional webcam, up to ${RECORDING_LIMITS.seconds / 60} minutes); follow its check with get_job_recording.`,
  },
});

export const getRecordingSession = defineOperation({
  name: 'getRecordingSession',
  service: 'drafts',
  summary: 'What the record page needs: the poster, what to record and the limits (x-recording-token header)',
  access: 'public',
  input: z.object({ recordingToken }),
  output: recordingSessionSchema,
  rest: { method: 'GET', path: '/api/recordings/session', status: 200, fields: TOKEN_FIELD },
});

export const startRecording = defineOperation({
  name: 'startRecording',
  service: 'drafts',
  summary: 'Start a recording for the draft of a record link (x-recording-token header)',
  access: 'public',
  input: z.object({
    recordingToken,
    webcam: z.boolean().default(false).describe('The webcam is recorded too'),
  }),
  output: draftRecordingSchema,
  rest: { method: 'POST', path: '/api/recordings', status: 201, fields: TOKEN_FIELD },
});

/**
 * The gateway asks this before it reads a part's body: the token, the recording and the member's
 * recording quota, for the declared size. Nothing is stored by a refused request.
 */
export const checkRecordingPart = defineOperation({
  name: 'checkRecordingPart',
  service: 'drafts',
  summary: 'May this part be uploaded: a live record link, a recording still uploading, room in the quota (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    recordingToken,
    id: recordingId,
    index: z
      .number()
      .int()
      .min(0)
      .max(RECORDING_LIMITS.parts - 1),
    sha256: sha256Schema("This part's sha256 in hex"),
    bytes: z.number().int().min(0).optional().describe('The declared size of the part'),
  }),
  output: z.object({ accepted: z.literal(true) }),
});

export const uploadRecordingPart = defineOperation({
  name: 'uploadRecordingPart',
  service: 'drafts',
  summary: 'Send one part of a recording as it is recorded: raw bytes as the body, their sha256 in the query',
  access: 'public',
  input: z.object({
    recordingToken,
    id: recordingId,
    index: z
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(0, 'Must be at least 0.')
      .max(RECORDING_LIMITS.parts - 1, `At most ${RECORDING_LIMITS.parts} parts.`)
      .describe('Part index from 0, in recording order'),
    sha256: sha256Schema("This part's sha256 in hex"),
    part: uploadedObjectSchema.describe(`The part's bytes (video/webm), at most ${RECORDING_LIMITS.partBytes}`),
  }),
  output: recordingPartReceivedSchema,
  rest: {
    method: 'PUT',
    path: '/api/recordings/{id}/parts/{index}',
    status: 200,
    fields: { ...TOKEN_FIELD, sha256: { in: 'query' } },
    upload: {
      field: 'part',
      contentTypes: ['video/webm', 'video/mp4', 'application/octet-stream'],
      maxBytes: RECORDING_LIMITS.partBytes,
      adopt: true,
      precheck: checkRecordingPart,
    },
  },
});

export const completeRecording = defineOperation({
  name: 'completeRecording',
  service: 'drafts',
  summary: 'Finish a recording: the parts must add up to the declared size; then it is checked in the background',
  access: 'public',
  input: z.object({
    recordingToken,
    id: recordingId,
    parts: z
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be at least 1.')
      .max(RECORDING_LIMITS.parts, `At most ${RECORDING_LIMITS.parts}.`)
      .describe('How many parts were sent (indexes 0 to parts - 1)'),
    size: z
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be at least 1.')
      .max(RECORDING_LIMITS.bytes, `A recording holds at most ${RECORDING_LIMITS.bytes} bytes.`)
      .describe('Total bytes of all parts'),
    seconds: z
      .number({ error: 'Must be a number.' })
      .positive('Must be more than 0.')
      .max(RECORDING_LIMITS.seconds, `A recording lasts up to ${RECORDING_LIMITS.seconds} seconds.`)
      .describe('Length in seconds'),
  }),
  output: draftRecordingSchema,
  rest: { method: 'POST', path: '/api/recordings/{id}/complete', status: 200, fields: TOKEN_FIELD },
});

export const getRecording = defineOperation({
  name: 'getRecording',
  service: 'drafts',
  summary: 'A recording as the record page polls it while it is checked (x-recording-token header)',
  access: 'public',
  input: z.object({ recordingToken, id: recordingId }),
  output: draftRecordingSchema,
  rest: { method: 'GET', path: '/api/recordings/{id}', status: 200, fields: TOKEN_FIELD },
});

export const getJobRecording = defineOperation({
  name: 'getJobRecording',
  service: 'drafts',
  summary: "A draft's walkthrough recording (null when it has none)",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema.describe('The draft') }),
  output: draftRecordingSchema.nullable().describe("The draft's recording as get_job_draft shows it, or null when it has none"),
  rest: { method: 'GET', path: '/api/me/job-drafts/{id}/recording', status: 200 },
  mcp: {
    tool: 'get_job_recording',
    args: { id: 'draft_id' },
    task: { work: 'recording' },
    description:
      'Status: analyzing, then approved, needs_review (decide with review_job_recording) or failed (record again). checks says what was not checked.',
  },
});

/** The review body, the same for the poster and for the record link's holder. */
const reviewFields = {
  action: z.enum(['approve', 'delete'], { error: 'Must be approve or delete.' }).describe('approve the recording, or delete it'),
  acknowledgeFindings: z
    .boolean()
    .optional()
    .describe('Needed to approve with findings or a part of checks not_checked (it is recorded in acknowledged); a secret on screen always refuses'),
  acceptedMoments: z
    .array(z.string().max(100))
    .max(RECORDING_LIMITS.acceptedMoments, `At most ${RECORDING_LIMITS.acceptedMoments} moments.`)
    .optional()
    .describe(`Ids of the moments to keep as requirements (at most ${RECORDING_LIMITS.acceptedMoments})`),
};

export const reviewJobRecording = defineOperation({
  name: 'reviewJobRecording',
  service: 'drafts',
  summary: "Approve or delete a draft's walkthrough recording, choosing which moments to keep",
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('The draft'), ...reviewFields }),
  output: draftRecordingSchema.nullable().describe('The recording, or null after delete'),
  rest: { method: 'POST', path: '/api/me/job-drafts/{id}/recording/review', status: 200 },
  mcp: {
    tool: 'review_job_recording',
    args: { id: 'draft_id' },
    description: 'Once checked, approve or delete. A secret on screen refuses approval; other findings, or a part not_checked, need acknowledge_findings.',
  },
});

export const deleteJobRecording = defineOperation({
  name: 'deleteJobRecording',
  service: 'drafts',
  summary: "Delete a draft's walkthrough recording",
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('The draft') }),
  output: z.object({ deleted: z.literal(true) }),
  rest: { method: 'DELETE', path: '/api/me/job-drafts/{id}/recording', status: 200 },
});

export const watchJobRecording = defineOperation({
  name: 'watchJobRecording',
  service: 'drafts',
  summary: "Watch a draft's walkthrough recording (video/webm or video/mp4; Range requests)",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema.describe('The draft') }),
  output: objectDownloadSchema,
  rest: { method: 'GET', path: '/api/me/job-drafts/{id}/recording/video', status: 200, download: { contentTypes: ['video/webm', 'video/mp4'] } },
});

export const reviewRecording = defineOperation({
  name: 'reviewRecording',
  service: 'drafts',
  summary: 'Approve or delete a recording from the record page (x-recording-token header)',
  access: 'public',
  input: z.object({ recordingToken, id: recordingId, ...reviewFields }),
  output: draftRecordingSchema.nullable().describe('The recording, or null after delete'),
  rest: { method: 'POST', path: '/api/recordings/{id}/review', status: 200, fields: TOKEN_FIELD },
});

export const recordingsOperations = [
  createRecordingLink,
  getRecordingSession,
  startRecording,
  checkRecordingPart,
  uploadRecordingPart,
  completeRecording,
  getRecording,
  getJobRecording,
  reviewJobRecording,
  deleteJobRecording,
  watchJobRecording,
  reviewRecording,
] as const;
