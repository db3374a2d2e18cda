import type { JobStatus } from '../schemas/job.schema.js';

/**
 * Job statuses in which someone is hired: the job has left the board, has a work page, and still
 * shows on its poster's member page.
 */
export const HIRED_JOB_STATUSES = ['in_progress', 'submitted', 'changes_requested', 'rating', 'completed'] as const satisfies readonly JobStatus[];
export type HiredJobStatus = (typeof HIRED_JOB_STATUSES)[number];

export function isHiredStatus(status: JobStatus): status is HiredJobStatus {
  return (HIRED_JOB_STATUSES as readonly JobStatus[]).includes(status);
}

/** Work that may still be cancelled: once approved (rating) or completed it stands. */
export const CANCELLABLE_WORK_STATUSES = ['in_progress', 'submitted', 'changes_requested'] as const satisfies readonly HiredJobStatus[];
