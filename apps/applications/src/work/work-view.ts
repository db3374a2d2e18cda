import { JOB_STATUS_LABELS, type JobWork, SUBMISSION_STATUS_LABELS } from '@marketplace/contracts';
import type { EntityManager } from 'typeorm';

import type { HireStatus } from '../hiring/hire.entity.js';
import type { HireRow } from '../hiring/hiring.queries.js';
import { ratingsOf, submissionsOf } from './work.queries.js';

export type WorkRole = 'poster' | 'worker' | 'admin';
export type LiveStatus = Exclude<HireStatus, 'cancelled'>;

/** Who the work waits on in each state, or null when nothing is waiting. */
export function waitsOn(status: HireStatus): 'poster' | 'worker' | null {
  if (status === 'in_progress' || status === 'changes_requested' || status === 'rating') return 'worker';
  if (status === 'submitted') return 'poster';
  return null;
}

export function reasonFor(status: HireStatus, round: number): string {
  switch (status) {
    case 'in_progress':
      return 'Waiting on the worker to turn in the first round of work.';
    case 'submitted':
      return `Waiting on the poster to review round ${round}.`;
    case 'changes_requested':
      return `Waiting on the worker to turn in round ${round + 1} with the requested changes.`;
    case 'rating':
      return 'Waiting on the worker to rate the poster, which completes the job.';
    case 'completed':
      return 'Completed: nothing is waiting.';
    case 'cancelled':
      return 'Cancelled: the job is open again.';
  }
}

/** The steps the caller can take now. */
export function actionsFor(hire: Pick<HireRow, 'status' | 'cancel_requested_at'>, role: WorkRole): JobWork['actions'] {
  const s = hire.status;
  const beforeApproval = s === 'in_progress' || s === 'submitted' || s === 'changes_requested';
  const actions: JobWork['actions'] = [];
  if (role === 'worker') {
    if (s === 'in_progress' || s === 'changes_requested') actions.push('submit');
    if (s === 'rating') actions.push('rate');
    if (beforeApproval) actions.push('cancel');
  } else if (role === 'poster') {
    if (s === 'submitted') actions.push('requestChanges', 'approve');
    if (beforeApproval && !hire.cancel_requested_at) actions.push('requestCancellation');
  } else if (beforeApproval) {
    actions.push('cancel');
  }
  if (role !== 'admin' && waitsOn(s) !== null && waitsOn(s) !== role) actions.push('remind');
  return actions;
}

export function roleOf(hire: Pick<HireRow, 'worker_id' | 'poster_id'>, memberId: string, staff: boolean): WorkRole | null {
  if (hire.worker_id === memberId) return 'worker';
  if (hire.poster_id === memberId) return 'poster';
  return staff ? 'admin' : null;
}

export async function buildWork(em: EntityManager, hire: HireRow, role: WorkRole): Promise<JobWork> {
  const submissions = await submissionsOf(em, hire.id);
  const ratings = await ratingsOf(em, hire.id);
  const done = hire.status === 'completed';
  // Until the worker rates back, each side sees only the rating they gave; staff see neither.
  const visible = (as: 'worker' | 'poster') => {
    const r = ratings.find((x) => x.as === as);
    if (!r) return null;
    const giver: WorkRole = as === 'worker' ? 'poster' : 'worker';
    if (!done && role !== giver) return null;
    return { score: r.score, description: r.description, createdAt: r.created_at.toISOString() };
  };
  const round = submissions[0]?.round ?? 0;
  return {
    jobId: hire.job_id,
    title: hire.title,
    quote: null,
    status: hire.status === 'cancelled' ? 'open' : hire.status,
    statusLabel: JOB_STATUS_LABELS[hire.status === 'cancelled' ? 'open' : hire.status],
    reason: reasonFor(hire.status, round),
    role,
    workerId: hire.worker_id,
    cancelRequestedAt: hire.cancel_requested_at?.toISOString() ?? null,
    submissions: submissions.map((s) => ({
      id: s.id,
      round: s.round,
      body: s.body,
      links: s.links,
      files: s.files ?? [],
      model: s.model,
      status: s.status,
      statusLabel: SUBMISSION_STATUS_LABELS[s.status],
      feedback: s.feedback,
      createdAt: s.created_at.toISOString(),
      decidedAt: s.decided_at?.toISOString() ?? null,
    })),
    ratings: { byPoster: visible('worker'), byWorker: visible('poster') },
    actions: actionsFor(hire, role),
  };
}
