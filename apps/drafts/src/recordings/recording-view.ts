import { type DraftRecording, TASK_STALE_MS } from '@marketplace/contracts';

import type { RecordingEntity } from './recording.entity.js';
import { allChecked, checksOf, noneChecked } from './recording-checks.js';

/**
 * A check still running after 10 minutes reads as failed, as a draft task does: the worker died
 * for good or the queue lost it, and the poster should record again rather than wait.
 */
function timedOut(r: RecordingEntity, now: number): boolean {
  return r.status === 'analyzing' && now - r.updatedAt.getTime() > TASK_STALE_MS;
}

/** The contract's DraftRecording. Only the poster and their record link ever see one, so nothing is held back. */
export function toDraftRecording(r: RecordingEntity, now = Date.now()): DraftRecording {
  const late = timedOut(r, now);
  const checks = late ? noneChecked('the check took longer than 10 minutes') : checksOf(r);
  return {
    id: r.id,
    status: late ? 'failed' : r.status,
    seconds: r.seconds,
    webcam: r.webcam,
    analyzed: allChecked(checks),
    checks,
    summary: late ? 'The check took longer than 10 minutes. Delete this recording and record again.' : r.summary,
    transcript: r.transcript,
    findings: r.findings,
    moments: r.moments,
    acceptedMoments: r.acceptedMoments,
    approved: r.approved,
    acknowledged: r.acknowledged ?? [],
    parts: r.parts.length,
    bytes: r.parts.reduce((sum, p) => sum + p.size, 0),
    // Served by the API with Range support, to the poster only (watchJobRecording).
    videoUrl: r.videoKey ? `/api/me/job-drafts/${r.draftId}/recording/video` : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
