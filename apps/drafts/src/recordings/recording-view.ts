import type { DraftRecording } from '@marketplace/contracts';
import type { RecordingEntity } from './recording.entity.js';

/** The contract's DraftRecording. Only the poster and their record link ever see one, so nothing is held back. */
export function toDraftRecording(r: RecordingEntity): DraftRecording {
  return {
    id: r.id, status: r.status, seconds: r.seconds, webcam: r.webcam, analyzed: r.analyzed,
    summary: r.summary, transcript: r.transcript, findings: r.findings, moments: r.moments,
    acceptedMoments: r.acceptedMoments, approved: r.approved,
    parts: r.parts.length, bytes: r.parts.reduce((sum, p) => sum + p.size, 0),
    // Served by the API with Range support, to the poster only (watchJobRecording).
    videoUrl: r.videoKey ? `/api/me/job-drafts/${r.draftId}/recording/video` : null,
    createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}
