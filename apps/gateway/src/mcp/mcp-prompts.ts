import { CATEGORIES } from '@marketplace/contracts';

/**
 * The member workflows as MCP prompts: a host offers them to its human (as slash commands, say),
 * and each expands into the steps and tools that do it, with the places the human decides.
 */
export interface PromptArgumentDef {
  name: string;
  description: string;
  required: boolean;
  /** Where completion/complete finds values for it. */
  complete?: 'category' | 'my-job' | 'my-application' | 'my-draft' | 'open-job';
}

export interface PromptDef {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgumentDef[];
  text(args: Record<string, string>): string;
}

const ASK_FIRST = 'Before any step that cannot be undone, show me exactly what will happen and wait for my yes.';

export const PROMPTS: readonly PromptDef[] = [
  {
    name: 'post_a_job',
    title: 'Post a job',
    description: 'Write and post a job with me: the problem, the category, the budget.',
    arguments: [
      { name: 'idea', description: 'What you need done, in your own words', required: true },
      { name: 'category', description: 'The job category', required: false, complete: 'category' },
    ],
    text: ({ idea, category }) =>
      [
        `I want to post a job on the marketplace. What I need: ${idea ?? ''}`,
        category ? `Category: ${category}.` : 'Pick the category with list_job_categories.',
        'Start a guided draft with start_job_draft and write it with write_job_description, or post directly with post_job.',
        'Show me the title and description before posting, and tell me about anything get_safety_policy or the safety review flags.',
        ASK_FIRST,
      ].join('\n'),
  },
  {
    name: 'apply_to_job',
    title: 'Apply to a job',
    description: 'Read a job and apply to it with a pitch I approve.',
    arguments: [{ name: 'job_id', description: 'The job to apply to', required: true, complete: 'open-job' }],
    text: ({ job_id: jobId }) =>
      [
        `Read job ${jobId ?? ''} with get_job, and list_job_versions if it was edited.`,
        'Draft a short pitch that answers what the job asks, and show it to me.',
        'Once I agree, call apply_to_job with the job_version you read, so the application is bound to that version.',
        ASK_FIRST,
      ].join('\n'),
  },
  {
    name: 'review_turned_in_work',
    title: 'Review turned-in work',
    description: 'Look at the latest round of work on my job and decide with me: approve or ask for changes.',
    arguments: [{ name: 'job_id', description: 'Your job with work turned in', required: true, complete: 'my-job' }],
    text: ({ job_id: jobId }) =>
      [
        `Read the work on job ${jobId ?? ''} with get_job_work, and the job's files with list_job_files.`,
        'Compare the latest round with what the job asked for, and tell me what is done and what is missing.',
        'If I want changes, send them with request_changes. If I approve, approve_work takes a score (1-5) and a description of the worker: both are final.',
        ASK_FIRST,
      ].join('\n'),
  },
  {
    name: 'rate',
    title: 'Rate the other side',
    description: 'Rate the poster after your work was approved, completing the job.',
    arguments: [{ name: 'job_id', description: 'The job you worked on', required: true, complete: 'my-application' }],
    text: ({ job_id: jobId }) =>
      [
        `Read job ${jobId ?? ''} with get_job_work to see how it went.`,
        'Suggest a score (1-5) and a short, fair description of the poster, and let me change them.',
        'Then call rate_poster: the rating is final and both ratings become public.',
        ASK_FIRST,
      ].join('\n'),
  },
];

export const CATEGORY_VALUES: readonly string[] = CATEGORIES;
