import { ANONYMOUS_POSTER_NAME, type Job, type JobMember } from '@marketplace/contracts';

import type { JobRow } from './jobs.queries.js';

/** A job row joined with its poster's public card, as the jobs queries read it (jobRows). */
export type { JobRow } from './jobs.queries.js';

export interface JobView {
  /** The poster (and later the hired worker) sees who posted an anonymous job. */
  revealPoster: boolean;
  /** Public open-job responses carry the applicant count. */
  withApplicants?: boolean;
  /** Job details carry `locked` and `hasPreferredWorker`. */
  detail?: boolean;
}

export function posterOf(row: JobRow, reveal: boolean): JobMember {
  if (row.poster_visibility === 'anonymous' && !reveal) {
    return { id: null, name: ANONYMOUS_POSTER_NAME, headline: null, photoUrl: null };
  }
  return {
    id: row.poster_id,
    name: row.poster_name ?? 'Member',
    headline: row.poster_headline,
    photoUrl: row.poster_photo_url,
  };
}

export function toJob(row: JobRow, view: JobView): Job {
  const job: Job = {
    id: row.id,
    postedBy: posterOf(row, view.revealPoster),
    posterVisibility: row.poster_visibility,
    title: row.title,
    category: row.category,
    constraints: row.constraints,
    status: row.status,
    safetyHidden: row.safety_hidden,
    createdAt: row.created_at.toISOString(),
    version: row.version,
    updatedAt: row.updated_at?.toISOString() ?? null,
    closesAt: row.status === 'open' ? (row.closes_at?.toISOString() ?? null) : null,
  };
  if (view.withApplicants && row.status === 'open') job.applicants = row.applicants;
  if (view.detail) {
    // Anyone may watch a public poster's video while the job is open; anything else takes a private link.
    job.walkthroughUrl =
      row.has_walkthrough && row.poster_visibility === 'public' && row.status === 'open' && !row.safety_hidden ? publicWalkthroughPath(row.id) : null;
    job.locked = row.status !== 'open';
    job.hasPreferredWorker = row.preferred_workers.length > 0;
  }
  return job;
}

export function publicWalkthroughPath(jobId: string): string {
  return `/api/jobs/${jobId}/walkthrough`;
}
