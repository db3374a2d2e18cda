import { z } from 'zod';

import { defineEvent } from './event.js';

/** A member applied (or re-applied) to a job; `viaAgent` when made with an API key or over MCP. */
export const applicationSubmittedV1 = defineEvent(
  'application.submitted',
  1,
  'applications',
  z.object({
    applicationId: z.string(),
    jobId: z.string(),
    applicantId: z.string(),
    posterId: z.string(),
    jobVersion: z.number().int().min(1),
    viaAgent: z.boolean(),
    submittedAt: z.string(),
  }),
);

/** An application stopped counting as received (withdrawn by its applicant). */
export const applicationWithdrawnV1 = defineEvent(
  'application.withdrawn',
  1,
  'applications',
  z.object({
    applicationId: z.string(),
    jobId: z.string(),
    applicantId: z.string(),
    posterId: z.string(),
    withdrawnAt: z.string(),
  }),
);

/** A poster hired an applicant: the job is in progress and both sides have each other's contact. */
export const applicationAcceptedV1 = defineEvent(
  'application.accepted',
  1,
  'applications',
  z.object({
    applicationId: z.string(),
    jobId: z.string(),
    title: z.string(),
    posterId: z.string(),
    workerId: z.string(),
    acceptedAt: z.string(),
  }),
  { changesPublicPages: true },
);

/** A waiting application was declined: by the poster, because another was hired, or the job closed. */
export const applicationDeclinedV1 = defineEvent(
  'application.declined',
  1,
  'applications',
  z.object({
    applicationId: z.string(),
    jobId: z.string(),
    title: z.string(),
    applicantId: z.string(),
    posterId: z.string(),
    reason: z.enum(['poster', 'hired_other', 'job_closed']),
    declinedAt: z.string(),
  }),
);

/** Common to every step of hired work; `actorId` is who took the step. */
const workStep = {
  jobId: z.string(),
  applicationId: z.string().describe('The hire (accepted application)'),
  title: z.string(),
  posterId: z.string(),
  workerId: z.string(),
  actorId: z.string(),
  at: z.string(),
};

/** The worker turned work in (round 1, then one more after each request for changes). */
export const workSubmittedV1 = defineEvent(
  'work.submitted',
  1,
  'applications',
  z.object({
    ...workStep,
    round: z.number().int().min(1),
    /** Files turned in with this round: the files service makes their provisional lock final. */
    fileIds: z.array(z.string()).optional(),
  }),
);

export const workChangesRequestedV1 = defineEvent(
  'work.changes_requested',
  1,
  'applications',
  z.object({
    ...workStep,
    round: z.number().int().min(1),
  }),
);

/** The poster approved the work and rated the worker (privately until the worker rates back). */
export const workApprovedV1 = defineEvent('work.approved', 1, 'applications', z.object(workStep));

/** The worker rated the poster: the job is completed and both ratings are public. */
export const workCompletedV1 = defineEvent('work.completed', 1, 'applications', z.object(workStep), { changesPublicPages: true });

/** The poster asked the worker to cancel. */
export const workCancellationRequestedV1 = defineEvent('work.cancellation_requested', 1, 'applications', z.object(workStep));

/** The hire was cancelled (worker or staff); the job is open again. */
export const workCancelledV1 = defineEvent(
  'work.cancelled',
  1,
  'applications',
  z.object({
    ...workStep,
    byStaff: z.boolean(),
  }),
  { changesPublicPages: true },
);

/** One side nudged the other, on whom the work waits. */
export const workReminderSentV1 = defineEvent(
  'work.reminder_sent',
  1,
  'applications',
  z.object({
    ...workStep,
    remindedId: z.string(),
  }),
);

/** A message in the conversation of one application. */
export const messageSentV1 = defineEvent(
  'message.sent',
  1,
  'applications',
  z.object({
    messageId: z.string(),
    applicationId: z.string(),
    jobId: z.string(),
    title: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    senderRole: z.enum(['poster', 'applicant']),
    sentAt: z.string(),
  }),
);
