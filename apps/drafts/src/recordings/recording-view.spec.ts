import { describe, expect, it } from 'vitest';

import type { RecordingEntity } from './recording.entity.js';
import { toDraftRecording } from './recording-view.js';

const at = Date.parse('2026-11-26T12:00:00Z');
const recording = (status: RecordingEntity['status'], minutesAgo: number): RecordingEntity => ({
  id: 'r1',
  draftId: 'd1',
  memberId: 'm1',
  status,
  webcam: false,
  seconds: 30,
  parts: [{ index: 0, size: 10, sha256: 'x', key: 'k' }],
  analyzed: false,
  summary: null,
  transcript: null,
  findings: [],
  moments: [],
  acceptedMoments: [],
  approved: false,
  videoKey: null,
  checks: null,
  acknowledged: [],
  createdAt: new Date(at - minutesAgo * 60_000),
  updatedAt: new Date(at - minutesAgo * 60_000),
});

describe('a recording as the poster reads it', () => {
  it('reads a check still running after 10 minutes as failed, with the reason', () => {
    expect(toDraftRecording(recording('analyzing', 11), at)).toMatchObject({
      status: 'failed',
      analyzed: false,
      summary: expect.stringMatching(/longer than 10 minutes/),
      checks: ['screen_text', 'sound', 'faces', 'model_review'].map((part) => ({ part, state: 'not_checked', note: 'the check took longer than 10 minutes' })),
    });
  });

  it('leaves a check under 10 minutes, and finished ones, as they are', () => {
    expect(toDraftRecording(recording('analyzing', 9), at)).toMatchObject({ status: 'analyzing', summary: null });
    expect(toDraftRecording(recording('needs_review', 30), at)).toMatchObject({ status: 'needs_review' });
    expect(toDraftRecording(recording('analyzing', 9), at).checks).toEqual([]);
  });

  it('says what a recording checked before the parts were recorded did not check, so approving it needs acknowledging', () => {
    const earlier = { ...recording('approved', 60 * 24), analyzed: true, approved: true };
    const read = toDraftRecording(earlier, at);
    expect(read).toMatchObject({ status: 'approved', approved: true, analyzed: false, acknowledged: [] });
    expect(read.checks.map((c) => `${c.part}:${c.state}`)).toEqual(['screen_text:done', 'sound:not_checked', 'faces:not_checked', 'model_review:not_checked']);
  });

  it('is analyzed only when every part was checked, whatever each found', () => {
    const checks = [
      { part: 'screen_text', state: 'found', note: null },
      { part: 'sound', state: 'done', note: 'the recording has no sound track' },
      { part: 'faces', state: 'done', note: null },
      { part: 'model_review', state: 'done', note: null },
    ] as RecordingEntity['checks'];
    expect(toDraftRecording({ ...recording('needs_review', 1), checks }, at)).toMatchObject({ analyzed: true, checks });
    const unheard = checks!.map((c) => (c.part === 'sound' ? { ...c, state: 'not_checked' as const } : c));
    expect(toDraftRecording({ ...recording('needs_review', 1), checks: unheard }, at).analyzed).toBe(false);
  });
});
