import { z } from 'zod';

import { categorySchema, dateTimeSchema } from './common.schema.js';
import { posterVisibilitySchema } from './job.schema.js';
import { draftRecordingSchema } from './recording.schema.js';

/** The parts of a written posting, approved in this order (contract: "Draft status and review"). */
export const DRAFT_PARTS = ['evaluation', 'summary', 'details', 'visibility'] as const;
export type DraftPart = (typeof DRAFT_PARTS)[number];
export const draftPartSchema = z.enum(DRAFT_PARTS, { error: `One of: ${DRAFT_PARTS.join(', ')}.` });

export const DRAFT_STATUSES = ['open', 'posted', 'discarded'] as const;
export const DRAFT_TASKS = ['research', 'followUps', 'writing'] as const;
export type DraftTask = (typeof DRAFT_TASKS)[number];

/** The opening questions every interview starts with; both must be answered before anything is written. */
export const OPENING_QUESTIONS = {
  context: { question: 'What context can you share?', hint: 'Who you are, the project, the tools or systems involved.' },
  problem: { question: 'What problem are you facing, or what result do you want?', hint: 'Describe the outcome you would pay for.' },
} as const;
export const OPENING_ANSWERS = ['context', 'problem'] as const;
/** The contract requires `problem` alone; research, follow-ups and writing start from it. */
export const REQUIRED_ANSWERS = ['problem'] as const;

/** A background task pending longer than this reads as failed (contract: "Background task"). */
export const TASK_STALE_MS = 10 * 60 * 1000;

export const taskStateSchema = z
  .object({
    status: z.enum(['pending', 'ready', 'failed']),
    step: z.string().nullable().describe('The running or last step'),
    error: z.string().nullable().describe('Set only when failed'),
    startedAt: dateTimeSchema,
    finishedAt: dateTimeSchema.nullable(),
  })
  .describe('Background work; poll the draft every few seconds while pending. Pending for 10 minutes reads as failed');

export const exposureSchema = z
  .object({
    kind: z.enum(['secret', 'personal', 'internal']),
    label: z.string(),
    excerpt: z.string().describe('The match with its middle masked'),
    field: z.string(),
  })
  .describe('secret refuses posting; personal and internal need acknowledgeExposures');

export const nextQuestionSchema = z.object({
  answerIds: z.array(z.string()).describe('Keys to send the answer under in update_job_draft answers'),
  question: z.string(),
  hint: z.string(),
  options: z.array(z.string()).describe('Suggested answers; empty for an open question'),
  number: z.number().int().nullable().describe('Position among the follow-up questions; null for opening questions'),
  total: z.number().int().nullable().describe('Number of follow-up questions; null for opening questions'),
  remaining: z.number().int().min(0).describe('Questions left after this one'),
});

export const researchSchema = z.object({
  summary: z.string().max(1200),
  facts: z.array(z.string().max(300)).max(8),
  sources: z.array(z.string().max(500)).max(5),
});

export const followUpSchema = z.object({
  id: z.string().describe('The answer key'),
  question: z.string(),
  hint: z.string(),
  options: z.array(z.string()),
  answered: z.boolean(),
});

export const jobEvalSchema = z
  .object({
    score: z.number().int().min(0).max(100).describe('How ready the posting is for applicants (0-100)'),
    verdict: z.string().describe('One sentence'),
    strengths: z.array(z.string()),
    gaps: z.array(z.string()).describe('What an applicant would still ask'),
    analyzed: z.boolean().describe('false when no model was configured and the built-in checklist scored it'),
  })
  .describe('The job eval: how well the written posting lets a worker start');

export const postingSchema = z.object({
  title: z.string().max(120),
  category: categorySchema,
  description: z.string().max(4000).describe("Markdown; becomes the job's constraints"),
  summary: z.string().describe('One paragraph for the review'),
  evaluation: jobEvalSchema,
  writtenAt: dateTimeSchema,
  writtenBy: z.string().describe('The model that wrote it, or "template" when none was configured'),
});

const reviewPartSchema = z.object({
  text: z.string().describe('What becomes public for this part; empty until the posting is written'),
  approved: z.boolean(),
});

export const draftReviewSchema = z
  .object({
    evaluation: reviewPartSchema,
    summary: reviewPartSchema,
    details: reviewPartSchema,
    visibility: reviewPartSchema,
    next: draftPartSchema.nullable().describe('The part to show next (the first, evaluation, until the posting is written); null once all are approved'),
    ready: z.boolean().describe('Every part approved'),
  })
  .describe('Present from the first answer on: every part unapproved and empty until the posting is written');

const modelUsageSchema = z.object({
  calls: z.number().int().min(0).describe('Model calls made for this draft'),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  usd: z.number().min(0).describe('Estimated from the configured per-token prices; 0 when none are set'),
  model: z.string().nullable().describe('The model used; null while only built-in fallbacks ran'),
});

/** The tasks a draft's model use is counted under, in `costs.byTask`. */
export const DRAFT_COST_TASKS = ['research', 'followUps', 'writing', 'recording', 'eval'] as const;
export type DraftCostTask = (typeof DRAFT_COST_TASKS)[number];

export const draftCostsSchema = modelUsageSchema
  .extend({
    byTask: z
      .object({
        research: modelUsageSchema,
        followUps: modelUsageSchema,
        writing: modelUsageSchema.describe('Writing the posting and its first eval'),
        recording: modelUsageSchema.describe('Checks of walkthrough recordings'),
        eval: modelUsageSchema.describe('Job evals written again after edits of the posted job'),
      })
      .describe(
        'The same accounts per task (zero for a task that spent nothing). They add up to the totals, except ' +
          'for drafts from before per-task accounts, whose earlier use is in the totals only.',
      ),
  })
  .describe('What the model cost for this draft: totals, and byTask');

export const readinessSchema = z.object({
  score: z.number().int().min(0).max(100),
  needs: z.string().describe('What needs doing next, in one sentence'),
});

export const jobDraftSchema = z.object({
  id: z.string(),
  status: z.enum(DRAFT_STATUSES),
  jobId: z.string().nullable().describe('The posted job; null until posted'),
  posterVisibility: posterVisibilitySchema,
  previewPath: z.string().describe("The poster's page for the draft"),
  previewUrl: z.string().optional().describe('Absolute form of previewPath (MCP results)'),
  answers: z.record(z.string(), z.string()),
  missing: z.array(z.string()).describe('Required answers still missing'),
  nextQuestion: nextQuestionSchema.nullable(),
  research: researchSchema.nullable(),
  researchCorrection: z.string().nullable().describe("The poster's correction to the research, used when writing"),
  followUps: z.array(followUpSchema),
  posting: postingSchema.nullable(),
  postingStale: z.boolean().describe('Answers changed after the posting was written; write it again'),
  review: draftReviewSchema,
  recording: draftRecordingSchema.nullable().describe('The walkthrough recording; null until one is complete (create_recording_link)'),
  costs: draftCostsSchema,
  readiness: readinessSchema,
  tasks: z.object({
    research: taskStateSchema.nullable(),
    followUps: taskStateSchema.nullable(),
    writing: taskStateSchema.nullable(),
  }),
  exposures: z.array(exposureSchema).describe('Found in the written posting'),
  answerExposures: z.array(exposureSchema).describe('Found in the answers'),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});

export const draftListItemSchema = z.object({
  id: z.string(),
  title: z.string().nullable().describe('The written title, else the start of the problem'),
  posterVisibility: posterVisibilitySchema,
  previewPath: z.string(),
  readiness: readinessSchema,
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
