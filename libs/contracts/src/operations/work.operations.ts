import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { jobWorkSchema } from '../schemas/application.schema.js';
import { dateTimeSchema, idSchema, oneLine, text } from '../schemas/common.schema.js';

/** Rounds of work on a hired job, from the first turn-in to the rating that completes it. */

const scoreSchema = z
  .number({ error: 'A whole number from 1 to 5 is required.' })
  .int('A whole number from 1 to 5 is required.')
  .min(1, 'A whole number from 1 to 5 is required.')
  .max(5, 'A whole number from 1 to 5 is required.');

const jobIdInput = z.object({ id: idSchema.describe('Job id') });

export const getJobWork = defineOperation({
  name: 'getJobWork',
  service: 'applications',
  summary: 'The hired work on a job, for the poster, the hired worker and staff',
  access: 'member',
  scope: 'agent:read',
  input: jobIdInput,
  output: jobWorkSchema,
  // 409 for the poster of a job nobody is hired for yet (others get 404).
  rest: { method: 'GET', path: '/api/jobs/{id}/work', status: 200, statuses: [409] },
  mcp: {
    tool: 'get_job_work',
    args: { id: 'job_id' },
    description: 'Read the hired work on a job: status, what it waits on (reason), your role, turned-in rounds, ratings and the actions you can take now.',
  },
});

export const submitWork = defineOperation({
  name: 'submitWork',
  service: 'applications',
  summary: 'Turn work in (a new numbered round)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema.describe('Job id'),
    body: text(4000).describe('Markdown: what was done and how to check it'),
    links: z
      .array(
        z.object({
          url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).max(2048, 'At most 2048 characters.'),
          label: oneLine(120).nullable().optional(),
        }),
      )
      .max(20, 'At most 20 links.')
      .default([]),
    model: oneLine(120).optional().describe('AI model that did the work; omit when a person did'),
    fileIds: z
      .array(idSchema.describe('File id'))
      .max(20, 'At most 20 files.')
      .optional()
      .describe('Complete files from the worker folder to turn in; they can no longer be deleted'),
  }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/submissions', status: 201 },
  mcp: {
    tool: 'submit_work',
    args: { id: 'job_id', fileIds: 'file_ids' },
    description: 'As the hired worker, turn work in for review, a new round each time. Files turned in (file_ids) can no longer be deleted.',
  },
});

export const requestChanges = defineOperation({
  name: 'requestChanges',
  service: 'applications',
  summary: 'Ask the worker for changes to the turned-in round',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Job id'), feedback: text(4000) }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/request-changes', status: 200 },
  mcp: {
    tool: 'request_changes',
    args: { id: 'job_id' },
    description: 'As the poster, send turned-in work back with feedback; the worker turns in the next round.',
  },
});

export const approveWork = defineOperation({
  name: 'approveWork',
  service: 'applications',
  summary: 'Approve turned-in work and rate the worker',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Job id'), score: scoreSchema, description: text(2000) }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/approve', status: 200 },
  mcp: {
    tool: 'approve_work',
    effect: { destructive: true },
    args: { id: 'job_id' },
    description: 'As the poster, approve the work with a score (1-5) and a description of the worker: private until they rate you, and final.',
  },
});

export const ratePoster = defineOperation({
  name: 'ratePoster',
  service: 'applications',
  summary: 'Rate the poster, completing the job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Job id'), score: scoreSchema, description: text(2000) }),
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/rating', status: 201 },
  mcp: {
    tool: 'rate_poster',
    effect: { destructive: true },
    args: { id: 'job_id' },
    description: 'As the hired worker, rate the poster after approval (score 1-5 and description). This completes the job and makes both ratings public.',
  },
});

export const requestCancellation = defineOperation({
  name: 'requestCancellation',
  service: 'applications',
  summary: 'Ask the worker to cancel the hired work',
  access: 'member',
  scope: 'agent:write',
  input: jobIdInput,
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/me/jobs/{id}/cancel-request', status: 200 },
  mcp: {
    tool: 'request_cancellation',
    args: { id: 'job_id' },
    description: 'As the poster, ask the hired worker to cancel (before approval). Nothing changes until the worker confirms with cancel_work.',
  },
});

export const cancelWork = defineOperation({
  name: 'cancelWork',
  service: 'applications',
  summary: 'Cancel hired work (worker or staff); the job opens again',
  access: 'member',
  scope: 'agent:write',
  input: jobIdInput,
  output: jobWorkSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/cancel', status: 200 },
  mcp: {
    tool: 'cancel_work',
    effect: { destructive: true },
    args: { id: 'job_id' },
    description: 'As the hired worker (or staff), cancel the hire before approval: the job reopens for 14 days and declined applicants wait again.',
  },
});

export const remindOtherSide = defineOperation({
  name: 'remindOtherSide',
  service: 'applications',
  summary: 'Nudge the side the work waits on',
  access: 'member',
  scope: 'agent:write',
  input: jobIdInput,
  output: z.object({
    remindedAt: dateTimeSchema,
    reminded: z.enum(['poster', 'worker']).describe('Who was nudged'),
    nextReminderAt: dateTimeSchema.describe('When the next reminder on this job is allowed'),
  }),
  rest: { method: 'POST', path: '/api/jobs/{id}/remind', status: 200 },
  mcp: {
    tool: 'remind_other_side',
    args: { id: 'job_id' },
    description: 'When the work waits on the other side (action remind in get_job_work), send them a reminder; once per side per job every 12 hours.',
  },
});

export const workOperations = [getJobWork, submitWork, requestChanges, approveWork, ratePoster, requestCancellation, cancelWork, remindOtherSide] as const;
