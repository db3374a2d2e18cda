import { describe, expect, it } from 'vitest';
import type { RecordingEntity } from './recording.entity.js';
import { toDraftRecording } from './recording-view.js';

const at = Date.parse('2026-11-26T12:00:00Z');
const recording = (status: RecordingEntity['status'], minutesAgo: number): RecordingEntity => ({
  id: 'r1', draftId: 'd1', memberId: 'm1', status, webcam: false, seconds: 30, parts: [{ index: 0, size: 10, sha256: 'x', key: 'k' }],
  analyzed: false, summary: null, transcript: null, findings: [], moments: [], acceptedMoments: [], approved: false, videoKey: null,
  createdAt: new Date(at - minutesAgo * 60_000), updatedAt: new Date(at - minutesAgo * 60_000),
});

describe('a recording as the poster reads it', () => {
  it('reads a check still running after 10 minutes as failed, with the reason', () => {
    expect(toDraftRecording(recording('analyzing', 11), at)).toMatchObject({
      status: 'failed', analyzed: false, summary: expect.stringMatching(/longer than 10 minutes/),
    });
  });

  it('leaves a check under 10 minutes, and finished ones, as they are', () => {
    expect(toDraftRecording(recording('analyzing', 9), at)).toMatchObject({ status: 'analyzing', summary: null });
    expect(toDraftRecording(recording('needs_review', 30), at)).toMatchObject({ status: 'needs_review' });
  });
});
