import { z } from 'zod';

import { dateTimeSchema, memberText } from './common.schema.js';
import { jobMemberSchema, jobStatusSchema } from './job.schema.js';
import { jobVersionSchema } from './job-board.schema.js';

export const APPLICATION_STATUSES = ['submitted', 'accepted', 'declined', 'withdrawn', 'cancelled'] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** A turned-in round of work: waiting for review, sent back for changes, or approved. */
export const SUBMISSION_STATUSES = ['submitted', 'changes_requested', 'approved'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const ratingSummarySchema = z
  .object({
    average: z.number().min(1).max(5).describe('One decimal, over public ratings'),
    count: z.number().int().min(1),
  })
  .nullable();
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const publicRatingSchema = z.object({
  score: z.number().int().min(1).max(5),
  description: memberText,
  as: z.enum(['worker', 'poster']).describe('The side the rated member was on'),
  job: z.object({ id: z.string(), title: memberText }),
  by: jobMemberSchema,
  createdAt: dateTimeSchema,
});
export type PublicRating = z.infer<typeof publicRatingSchema>;

/** Immutable: a job as it was published in one version. */

export const jobSummarySchema = z.object({
  id: z.string(),
  title: memberText,
  postedBy: jobMemberSchema,
  status: jobStatusSchema,
  version: z.number().int().min(1),
});

export const contactSchema = z
  .object({ name: memberText, email: z.string() })
  .nullable()
  .describe('Shared only between the two sides of an accepted application');

export const myApplicationSchema = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  statusLabel: z.string(),
  quote: z.number().int().nullable().describe('Null while payments are disabled'),
  pitch: memberText,
  agent: z.string().nullable(),
  model: z.string().nullable(),
  createdAt: dateTimeSchema,
  decidedAt: dateTimeSchema.nullable(),
  job: jobSummarySchema,
  resume: memberText.nullable().describe('Markdown snapshot attached when applying'),
  contact: contactSchema.describe("The poster's name and email; null until accepted"),
  appliedTo: jobVersionSchema,
  jobChangedSinceApplying: z.boolean(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

export const applicationWorkerSchema = z.object({
  id: z.string(),
  name: memberText,
  headline: memberText.nullable(),
  photoUrl: z.string().nullable(),
  skills: z.array(memberText),
  location: z.string().describe('"City, ST", empty when none'),
  website: memberText.nullable(),
  networkUrl: z.string().nullable(),
});

export const jobApplicationSchema = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  quote: z.number().int().nullable(),
  cost: z.object({ totalCents: z.number().int() }).nullable().describe('Null while quotes are null'),
  pitch: memberText,
  agent: z.string().nullable(),
  model: z.string().nullable(),
  createdAt: dateTimeSchema,
  decidedAt: dateTimeSchema.nullable(),
  worker: applicationWorkerSchema,
  resume: memberText.nullable(),
  contact: contactSchema.describe("The applicant's name and email; null until accepted"),
  preferred: z.boolean().describe('Named by the poster as a preferred worker; preferred applicants sort first'),
  appliedTo: jobVersionSchema,
  jobChangedSinceApplying: z.boolean(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

export const jobApplicantSchema = z.discriminatedUnion('visibility', [
  z
    .object({
      visibility: z.literal('anonymous'),
      id: z.string().describe('Opaque per-application id, not a member id'),
      name: z.string().describe('Stable two-word codename; names may repeat, identify rows by id'),
      photoUrl: z.null(),
    })
    .strict(),
  z
    .object({
      visibility: z.literal('public'),
      id: z.string().describe('Member id'),
      name: memberText,
      headline: memberText.nullable(),
      photoUrl: z.string().nullable(),
      city: z.string(),
      state: z.string().nullable(),
      completedJobs: z.number().int().min(0),
      rating: ratingSummarySchema,
      appliedAt: dateTimeSchema,
    })
    .strict(),
]);
export type JobApplicant = z.infer<typeof jobApplicantSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  round: z.number().int().min(1),
  body: memberText,
  links: z.array(z.object({ url: z.string(), label: z.string().nullable() })),
  files: z.array(z.object({ id: z.string(), path: z.string(), size: z.number().int() })),
  model: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  statusLabel: z.string(),
  feedback: memberText.nullable(),
  createdAt: dateTimeSchema,
  decidedAt: dateTimeSchema.nullable(),
});

export const workRatingSchema = z
  .object({
    score: z.number().int().min(1).max(5),
    description: memberText,
    createdAt: dateTimeSchema,
  })
  .nullable();

export const WORK_ACTIONS = ['submit', 'requestChanges', 'approve', 'rate', 'requestCancellation', 'cancel', 'remind'] as const;

export const jobWorkSchema = z.object({
  jobId: z.string(),
  title: memberText,
  quote: z.number().int().nullable(),
  status: jobStatusSchema,
  statusLabel: z.string(),
  reason: z.string().describe('What the job waits on and from whom; the same for both sides'),
  role: z.enum(['poster', 'worker', 'admin']),
  workerId: z.string(),
  cancelRequestedAt: dateTimeSchema.nullable(),
  submissions: z.array(submissionSchema).describe('Newest first'),
  ratings: z.object({ byPoster: workRatingSchema, byWorker: workRatingSchema }),
  actions: z.array(z.enum(WORK_ACTIONS)).describe('The steps the caller can take now'),
});
export type JobWork = z.infer<typeof jobWorkSchema>;

export const messageSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  from: z.enum(['poster', 'applicant']).describe('Which side sent it'),
  mine: z.boolean(),
  sentBy: z.enum(['person', 'agent']).describe('Whether a person or an agent sent it'),
  body: memberText.describe('Empty when removed'),
  removed: z.boolean().describe('Removed by moderators: both sides see that it was removed, not what it said'),
  createdAt: dateTimeSchema,
  readAt: dateTimeSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  applicationId: z.string(),
  job: z.object({ id: z.string(), title: memberText }),
  role: z.enum(['poster', 'applicant']).describe("The caller's side"),
  with: z.object({ id: z.string().nullable(), name: z.string() }).describe('The other side'),
  lastMessage: messageSchema,
  unread: z.number().int().min(0),
});
