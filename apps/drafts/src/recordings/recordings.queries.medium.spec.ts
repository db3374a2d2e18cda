import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { draftsEntities, draftsMigrations } from '../drafts.entities.js';
import type { JobDraftEntity } from '../drafts/draft.entity.js';
import { insertDraft } from '../drafts/drafts.queries.js';
import type { RecordingEntity } from './recording.entity.js';
import {
  deleteDiscard,
  deleteMemberRecordings,
  deleteRecording,
  deleteSweptRecordings,
  insertDiscards,
  insertRecording,
  liveRecordingIds,
  lockMemberQuota,
  memberRecordingBytes,
  queuedDiscards,
  recordingById,
  recordingOfDraftById,
  recordingsOfMember,
  updateRecording,
} from './recordings.queries.js';

/** Medium: the recordings' statements on a real PostgreSQL schema built by the drafts migrations. */
function draftOf(memberId: string, over: Partial<JobDraftEntity> = {}): JobDraftEntity {
  const now = new Date();
  return {
    id: randomUUID(),
    memberId,
    status: 'open',
    jobId: null,
    posterVisibility: 'public',
    answers: {},
    answersVersion: 0,
    research: null,
    researchCorrection: null,
    followUps: [],
    posting: null,
    approved: [],
    tasks: {},
    jobEval: null,
    costs: { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null },
    recordingTokenHash: null,
    recordingLinkExpiresAt: null,
    recordingId: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

function recordingOf(draft: JobDraftEntity, over: Partial<RecordingEntity> = {}): RecordingEntity {
  const now = new Date();
  return {
    id: randomUUID(),
    draftId: draft.id,
    memberId: draft.memberId,
    status: 'uploading',
    webcam: false,
    seconds: 0,
    parts: [],
    analyzed: false,
    summary: null,
    transcript: null,
    findings: [],
    moments: [],
    acceptedMoments: [],
    checks: null,
    approved: false,
    acknowledged: [],
    videoKey: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

const part = (index: number, size: number, key = `staging/${randomUUID()}`) => ({ index, size, sha256: 'x'.repeat(64), key });

describe('the recordings statements, against a real drafts schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: draftsEntities, migrations: draftsMigrations, label: 'drafts-recordings' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  const discarded = async () => ((await s.ds.query('SELECT key FROM recording_discards ORDER BY key')) as { key: string }[]).map((r) => r.key);

  it('inserts, reads, updates and deletes a recording, whole', async () => {
    const draft = draftOf(randomUUID());
    await insertDraft(s.ds, draft);
    const rec = recordingOf(draft, { webcam: true, seconds: 12.5, parts: [part(0, 10)] });
    await insertRecording(s.ds, rec);
    expect(await recordingById(s.ds, rec.id)).toEqual(rec);
    expect(await recordingOfDraftById(s.ds, rec.id, draft.id)).toEqual(rec);
    expect(await recordingOfDraftById(s.ds, rec.id, randomUUID())).toBeNull();
    expect(await recordingById(s.ds, randomUUID())).toBeNull();

    await s.ds.transaction(async (em) => {
      const locked = (await recordingOfDraftById(em, rec.id, draft.id, true))!;
      Object.assign(locked, {
        status: 'needs_review',
        analyzed: true,
        summary: 'A walkthrough',
        videoKey: `recordings/${rec.id}.webm`,
        findings: [{ kind: 'email', text: 'a@b.c', at: 1 }],
        acceptedMoments: ['m1'],
        checks: [{ part: 'screen', state: 'checked' }],
        acknowledged: ['sound'],
        approved: false,
        updatedAt: new Date(Date.now() + 1000),
      });
      await updateRecording(em, locked);
    });
    const after = (await recordingById(s.ds, rec.id, false))!;
    expect(after).toMatchObject({ status: 'needs_review', analyzed: true, summary: 'A walkthrough', acceptedMoments: ['m1'], acknowledged: ['sound'] });
    expect(after.checks).toEqual([{ part: 'screen', state: 'checked' }]);
    expect(await recordingsOfMember(s.ds, draft.memberId)).toHaveLength(1);
    expect(await deleteRecording(s.ds, rec.id)).toBe(1);
    expect(await recordingById(s.ds, rec.id)).toBeNull();
  });

  it("counts a member's bytes less a part sent again, under the member's quota lock, and deletes their recordings", async () => {
    const member = randomUUID();
    const draft = draftOf(member);
    await insertDraft(s.ds, draft);
    const a = recordingOf(draft, { parts: [part(0, 100), part(1, 50)] });
    const b = recordingOf(draft, { status: 'approved', parts: [part(0, 7)] });
    await insertRecording(s.ds, a);
    await insertRecording(s.ds, b);
    await insertRecording(s.ds, recordingOf(draftOf(randomUUID()), { parts: [part(0, 1000)] }));
    expect(await memberRecordingBytes(s.ds, member)).toBe(157);
    expect(await memberRecordingBytes(s.ds, member, { recordingId: a.id, index: 1 })).toBe(107);
    expect(await memberRecordingBytes(s.ds, randomUUID())).toBe(0);
    await s.ds.transaction(async (em) => {
      await lockMemberQuota(em, member);
      const [held] = (await em.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`)) as { n: number }[];
      expect(held!.n).toBe(1);
    });
    expect((await recordingsOfMember(s.ds, member)).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(await deleteMemberRecordings(s.ds, member)).toBe(2);
    expect(await recordingsOfMember(s.ds, member)).toEqual([]);
  });

  it('queues keys once, reads the oldest first and removes them one by one', async () => {
    await s.ds.query('DELETE FROM recording_discards');
    expect(await insertDiscards(s.ds, ['k/1', 'k/2'])).toBe(2);
    expect(await insertDiscards(s.ds, ['k/2', 'k/3'])).toBe(1);
    expect(await insertDiscards(s.ds, [])).toBe(0);
    await s.ds.query(`UPDATE recording_discards SET queued_at = now() - interval '1 hour' WHERE key = 'k/3'`);
    expect(await queuedDiscards(s.ds, 2)).toEqual([{ key: 'k/3' }, expect.objectContaining({ key: expect.stringMatching(/^k\/[12]$/) })]);
    expect(await deleteDiscard(s.ds, 'k/3')).toBe(1);
    expect(await discarded()).toEqual(['k/1', 'k/2']);
    await s.ds.query('DELETE FROM recording_discards');
  });

  it('sweeps abandoned, unreferenced and discarded-draft recordings in batches, queueing every key they hold', async () => {
    await s.ds.query('DELETE FROM recording_discards');
    await s.ds.query('DELETE FROM draft_recordings');
    const member = randomUUID();
    const open = draftOf(member);
    const gone = draftOf(member, { status: 'discarded' });
    await insertDraft(s.ds, open);
    await insertDraft(s.ds, gone);
    const longAgo = new Date(Date.now() - 2 * 3600_000);
    const abandoned = recordingOf(open, { parts: [part(0, 1, 'staging/abandoned')], createdAt: longAgo, updatedAt: longAgo });
    const uploading = recordingOf(open, { parts: [part(0, 1, 'staging/live')] });
    const current = recordingOf(open, { status: 'approved', parts: [part(0, 1, 'staging/current')], videoKey: 'recordings/current.webm' });
    const superseded = recordingOf(open, {
      status: 'approved',
      parts: [part(0, 1, 'staging/old-0'), part(1, 1, 'staging/old-1')],
      videoKey: 'recordings/old.webm',
    });
    const ofDiscarded = recordingOf(gone, { status: 'uploading', parts: [part(0, 1, 'staging/discarded')] });
    const orphan = recordingOf(draftOf(member), { status: 'uploading', parts: [] });
    for (const r of [abandoned, uploading, current, superseded, ofDiscarded, orphan]) await insertRecording(s.ds, r);
    await s.ds.query('UPDATE job_drafts SET recording_id = $1 WHERE id = $2', [current.id, open.id]);

    expect(await s.ds.transaction((em) => deleteSweptRecordings(em, 'abandoned', 200))).toBe(1);
    expect(await discarded()).toEqual(['staging/abandoned']);
    // One at a time: the batch limit holds.
    expect(await deleteSweptRecordings(s.ds, 'unreferenced', 1)).toBe(1);
    expect(await deleteSweptRecordings(s.ds, 'unreferenced', 1)).toBe(0);
    expect(await discarded()).toEqual(['recordings/old.webm', 'staging/abandoned', 'staging/old-0', 'staging/old-1']);
    expect(await deleteSweptRecordings(s.ds, 'discardedDrafts', 200)).toBe(2);
    expect(await discarded()).toEqual(['recordings/old.webm', 'staging/abandoned', 'staging/discarded', 'staging/old-0', 'staging/old-1']);
    expect(await deleteSweptRecordings(s.ds, 'discardedDrafts', 200)).toBe(0);

    const left = [uploading.id, current.id];
    expect((await liveRecordingIds(s.ds, [...left, abandoned.id, randomUUID()])).sort()).toEqual([...left].sort());
    expect(await liveRecordingIds(s.ds, [])).toEqual([]);
  });
});
