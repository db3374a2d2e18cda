import { z } from 'zod';

import { defineOperation, MODEL_CHECKED_TIMEOUT_MS } from '../operation.js';
import { categorySchema, idSchema, oneLine, text } from '../schemas/common.schema.js';
import { draftListItemSchema, draftPartSchema, jobDraftSchema, jobEvalSchema, taskStateSchema } from '../schemas/draft.schema.js';
import { jobSchema, posterVisibilitySchema } from '../schemas/job.schema.js';
import { ownListPage, pageTotalSchema } from '../schemas/paging.schema.js';

/**
 * Guided job drafts (contract: "JobDraft", "Draft status and review", "Drafts and recordings"):
 * an interview (opening answers, then follow-up questions), background research and writing, a
 * part-by-part review, and posting through the job board's own rules. Only the draft's owner
 * sees it; anyone else's id answers 404.
 */

const draftId = idSchema.describe('The draft');
const answerKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'Answer keys are the answerIds of a question.');
const answersSchema = z
  .record(answerKey, text(2000))
  .refine((a) => Object.keys(a).length <= 20, { message: 'At most 20 answers at once.' })
  .describe("Answers keyed by nextQuestion's answerIds");

export const startJobDraft = defineOperation({
  name: 'startJobDraft',
  service: 'drafts',
  summary: 'Start a guided job draft',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    // Nested, since every MCP tool already takes a `context` argument of its own (analytics).
    answers: z
      .object(
        {
          context: text(2000).optional().describe('What context can you share? (who, what project, which systems)'),
          problem: text(2000).optional().describe('What problem are you facing, or what result do you want?'),
        },
        { error: 'Must be an object with context and problem.' },
      )
      .strict()
      .optional()
      .describe('The opening answers, needed before research and writing start'),
    posterVisibility: posterVisibilitySchema.default('public').describe('public (default) or anonymous once posted'),
  }),
  output: jobDraftSchema,
  rest: { method: 'POST', path: '/api/me/job-drafts', status: 201 },
  mcp: {
    tool: 'start_job_draft',
    description:
      'Pass answers.context and answers.problem from your human, then answer nextQuestion, write_job_description, approve each part, post_job_draft.',
  },
});

export const updateJobDraft = defineOperation({
  name: 'updateJobDraft',
  service: 'drafts',
  summary: "Answer a draft's questions or edit its posting",
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: draftId,
    answers: answersSchema.optional(),
    researchCorrection: text(2000).optional().describe('What the research got wrong; used when writing'),
    title: oneLine(120).optional().describe('Edit the written title (unapproves the summary)'),
    category: categorySchema.optional().describe('Edit the written category (unapproves the summary)'),
    description: text(4000).optional().describe('Replace the written Markdown description (unapproves the details)'),
    posterVisibility: posterVisibilitySchema.optional().describe('public or anonymous (unapproves the visibility)'),
  }),
  output: jobDraftSchema,
  rest: { method: 'PATCH', path: '/api/me/job-drafts/{id}', status: 200 },
  mcp: {
    tool: 'update_job_draft',
    args: { id: 'draft_id' },
    description: 'Answer nextQuestion (keys from answerIds) or edit the written posting (unapproves that part). 409 once posted or discarded.',
  },
});

export const getJobDraft = defineOperation({
  name: 'getJobDraft',
  service: 'drafts',
  summary: 'One of your job drafts',
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: draftId.optional().describe('The draft; omitted means your most recently worked-on open draft') }),
  output: jobDraftSchema,
  rest: { method: 'GET', path: '/api/me/job-drafts/{id}', status: 200 },
  mcp: {
    tool: 'get_job_draft',
    args: { id: 'draft_id' },
    description: 'A job draft: answers, nextQuestion, tasks, written posting and review; without draft_id, your latest open draft (404 if none).',
  },
});

export const listJobDrafts = defineOperation({
  name: 'listJobDrafts',
  service: 'drafts',
  summary: 'Your open job drafts',
  access: 'member',
  scope: 'agent:read',
  input: z.object(ownListPage),
  output: z.object({ drafts: z.array(draftListItemSchema), total: pageTotalSchema }),
  rest: { method: 'GET', path: '/api/me/job-drafts', status: 200 },
  mcp: {
    tool: 'list_job_drafts',
    description: 'Your open job drafts, latest first, each with what needs doing and readiness (0-100). Paged.',
  },
});

export const discardJobDraft = defineOperation({
  name: 'discardJobDraft',
  service: 'drafts',
  summary: 'Discard an open job draft',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: draftId }),
  output: jobDraftSchema,
  rest: { method: 'DELETE', path: '/api/me/job-drafts/{id}', status: 200 },
  mcp: {
    tool: 'discard_job_draft',
    args: { id: 'draft_id' },
    description: 'Discard one of your open job drafts. 409 when it was already posted.',
  },
});

export const writeJobDescription = defineOperation({
  name: 'writeJobDescription',
  service: 'drafts',
  summary: 'Write (or rewrite) the posting of a draft from its answers, with the job eval',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: draftId }),
  output: jobDraftSchema,
  rest: { method: 'POST', path: '/api/me/job-drafts/{id}/writing', status: 202 },
  mcp: {
    tool: 'write_job_description',
    args: { id: 'draft_id' },
    task: { work: 'writing', poll: getJobDraft },
    description: 'Runs in the background: poll get_job_draft until tasks.writing is done, then approve_draft_part each part. Rewriting unapproves all.',
  },
});

export const approveDraftPart = defineOperation({
  name: 'approveDraftPart',
  service: 'drafts',
  summary: 'Approve one part of the written posting',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: draftId,
    part: draftPartSchema.describe('evaluation, summary, details, visibility: approved in this order'),
    confirmedInChat: z.boolean().optional().describe('The human approved this part in the conversation'),
  }),
  output: jobDraftSchema,
  rest: { method: 'POST', path: '/api/me/job-drafts/{id}/approvals', status: 200 },
  mcp: {
    tool: 'approve_draft_part',
    args: { id: 'draft_id' },
    description: "Show your human the part's review text first. Order: evaluation, summary, details, visibility (409 otherwise); then post_job_draft.",
  },
});

export const postJobDraft = defineOperation({
  name: 'postJobDraft',
  service: 'drafts',
  // Waits on the text safety review's model when one is configured.
  timeoutMs: MODEL_CHECKED_TIMEOUT_MS,
  summary: 'Post an approved draft as a job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: draftId,
    acknowledgeExposures: z.boolean().optional().describe('true publishes personal or internal details; credentials are always refused'),
    preferredWorkers: z
      .array(text(254))
      .max(10, 'At most 10 preferred workers.')
      .optional()
      .describe('Member ids, exact names or emails; told about the job, never named publicly'),
  }),
  output: jobSchema,
  rest: { method: 'POST', path: '/api/me/job-drafts/{id}/post', status: 201 },
  mcp: {
    tool: 'post_job_draft',
    args: { id: 'draft_id' },
    description: 'Once every part is approved (409 otherwise). Posting rules and daily limits apply; personal details need acknowledge_exposures.',
  },
});

/** A draft's job eval as the poster reads it, by draft or by the job posted from it. */
export const jobEvalViewSchema = z.object({
  draftId: z.string(),
  evaluation: jobEvalSchema.nullable().describe('Null until the posting is written'),
  task: taskStateSchema
    .nullable()
    .describe('The task that produces the eval: writing until the draft is posted, then the rewrite after each content edit of the job'),
  stale: z.boolean().describe('Answers changed since it was written, or the posted job was edited and the eval is being written again'),
  jobId: z.string().nullable().describe('The job posted from the draft; null until posted'),
  jobVersion: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe(
      'The job version the eval is for: the posted version, then the latest content edit (while task is pending, evaluation is still the previous one and stale is true); null until posted',
    ),
});

export const getJobEval = defineOperation({
  name: 'getJobEval',
  service: 'drafts',
  summary: 'The job eval of a draft: how well the written posting lets a worker start',
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: draftId }),
  output: jobEvalViewSchema,
  rest: { method: 'GET', path: '/api/me/job-drafts/{id}/eval', status: 200 },
  mcp: {
    tool: 'get_job_eval',
    args: { id: 'draft_id' },
    description: 'Null until write_job_description finishes; after posting, each edit rewrites it for the new version (job_version; task pending meanwhile).',
  },
});

/**
 * The same eval reached from the job: the poster's job page knows the job, not the draft. REST
 * only; agents have get_job_eval, and the tool list is at its size budget.
 */
export const getPostedJobEval = defineOperation({
  name: 'getPostedJobEval',
  service: 'drafts',
  summary: 'The job eval of one of your jobs posted from a draft, following its content edits; 404 for a job posted without a draft',
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema.describe('Job id') }),
  output: jobEvalViewSchema,
  rest: { method: 'GET', path: '/api/me/jobs/{id}/eval', status: 200 },
});

export const draftsOperations = [
  startJobDraft,
  updateJobDraft,
  getJobDraft,
  listJobDrafts,
  discardJobDraft,
  writeJobDescription,
  approveDraftPart,
  postJobDraft,
  getJobEval,
  getPostedJobEval,
] as const;
