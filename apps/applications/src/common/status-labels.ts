import type { ApplicationStatus, JobStatus } from '@marketplace/contracts';

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Waiting for the poster',
  accepted: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  cancelled: 'Hire cancelled',
};

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  submitted: 'Work turned in',
  changes_requested: 'Changes requested',
  rating: 'Waiting for the worker to rate',
  completed: 'Completed',
  closed: 'Closed',
};

export const SUBMISSION_STATUS_LABELS = {
  submitted: 'Waiting for review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
} as const;
