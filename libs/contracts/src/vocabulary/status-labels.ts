import type { HELP_STATUSES } from '../operations/help.operations.js';
import type { ApplicationStatus, SubmissionStatus } from '../schemas/application.schema.js';
import type { JobStatus, MyJobFilter } from '../schemas/job.schema.js';

/**
 * How each status reads to a person, the same words on the API's `statusLabel`, the pages and the
 * MCP tools: one wording, so a poster and a worker looking at the same job read the same thing.
 */

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  submitted: 'Work turned in',
  changes_requested: 'Changes requested',
  rating: 'Waiting for the worker to rate',
  completed: 'Completed',
  closed: 'Closed',
};

/** The poster's My jobs filter: each job status, and a job closed because its time ran out. */
export const MY_JOB_FILTER_LABELS: Record<MyJobFilter, string> = { ...JOB_STATUS_LABELS, expired: 'Expired' };

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Waiting for the poster',
  accepted: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  cancelled: 'Hire cancelled',
};

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  submitted: 'Waiting for review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

export const HELP_STATUS_LABELS: Record<(typeof HELP_STATUSES)[number], string> = {
  open: 'Waiting for the team',
  answered: 'Answered',
  closed: 'Closed',
};
