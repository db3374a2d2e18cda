import { api, createMember, dbQuery, makeScreenRecording, type ScreenRecordingSpec, type TestMember } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { holder, newDraft, putPart, recordLink, recordOne } from './support/recordings.js';

/**
 * A recording lasts up to ten minutes, whatever it declares: real eleven-minute videos made with
 * ffmpeg (a tiny picture at one frame a second, so they are small and made in a second) go through
 * the record link's API declaring one minute. A header that states eleven minutes is refused at
 * complete (400); one that states nothing, as a browser's recorder writes it, or states one minute,
 * is measured from its packets by the check and ends `failed` with the reason, never approved.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const call = (m: TestMember, path: string) => api(base, path, { key: m.key });

const ELEVEN_MINUTES = 660;
const tiny = (spec: Partial<ScreenRecordingSpec>) =>
  makeScreenRecording({ seconds: ELEVEN_MINUTES, lines: [{ text: 'export' }], width: 64, height: 36, fps: 1, ...spec });

async function linked() {
  const member = await createMember(nats);
  const draftId = await newDraft(member);
  const { token } = await recordLink(member, draftId);
  return { member, draftId, token };
}

async function refusedByItsCheck(video: Buffer) {
  const { member, draftId, token } = await linked();
  const id = await recordOne(token, video, { seconds: 60 });
  const rec = (await holder(token, `/api/recordings/${id}`)).body;
  expect(rec, JSON.stringify(rec)).toMatchObject({ status: 'failed', approved: false, analyzed: false });
  expect(rec.summary).toMatch(/^This recording is refused: the recording's video lasts 6[56]\d seconds, more than the 600 a recording may last\./);
  expect(rec.checks.every((c: { state: string }) => c.state === 'not_checked')).toBe(true);
  // The poster sees it on the draft, and cannot approve it.
  const draft = await call(member, `/api/me/job-drafts/${draftId}`);
  expect(draft.body.recording).toMatchObject({ id, status: 'failed', approved: false, summary: rec.summary });
  const approve = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
  expect(approve.status, JSON.stringify(approve.body)).toBeGreaterThanOrEqual(400);
  expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toMatchObject({ status: 'failed', approved: false });
}

describe('a recording over ten minutes is refused, whatever it declared', () => {
  it('refuses at complete an eleven-minute WebM whose header says so, though it declared 60 seconds', async () => {
    const video = await tiny({});
    const { token } = await linked();
    const started = await holder(token, '/api/recordings', 'POST', {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.id as string;
    let parts = 0;
    for (let at = 0; at < video.length; at += 16 * 1024) {
      expect((await putPart(token, id, parts++, video.subarray(at, at + 16 * 1024))).status).toBe(200);
    }
    const done = await holder(token, `/api/recordings/${id}/complete`, 'POST', { parts, size: video.length, seconds: 60 });
    expect(done.status, JSON.stringify(done.body)).toBe(400);
    expect(done.body.error).toBe(
      "This recording is refused: the recording's video lasts 660 seconds, more than the 600 a recording may last. Record one of 10 minutes or less.",
    );
    expect(done.body.fields).toEqual({ seconds: 'The video lasts 660 seconds; a recording lasts up to 600.' });
    // Nothing was queued: the recording is still being uploaded, not checked or approved.
    expect((await holder(token, `/api/recordings/${id}`)).body).toMatchObject({ status: 'uploading', approved: false });
  }, 120_000);

  it('refuses after its check an eleven-minute WebM that states no duration, as a browser writes it', async () => {
    await refusedByItsCheck(await tiny({ live: true }));
  }, 180_000);

  it('refuses after its check an eleven-minute WebM whose header lies that it lasts one minute', async () => {
    await refusedByItsCheck(await tiny({ statedSeconds: 60 }));
  }, 180_000);

  it('checks as usual a short WebM that states no duration', async () => {
    const { token } = await linked();
    const id = await recordOne(token, await tiny({ seconds: 8, live: true }), { seconds: 8 });
    const rec = (await holder(token, `/api/recordings/${id}`)).body;
    expect(rec, JSON.stringify(rec)).toMatchObject({ status: 'needs_review', approved: false });
    expect(rec.checks[0]).toMatchObject({ part: 'screen_text', state: 'done' });
  }, 180_000);

  it('refuses a part that takes one recording past what ten minutes can need (1 GiB), whatever the quota left', async () => {
    const { token } = await linked();
    const session = (await holder(token, '/api/recordings/session')).body;
    expect(session.limits).toMatchObject({ bytes: 1024 ** 3, parts: 600, partBytes: 4 * 1024 ** 2 });
    expect(session.limits.quotaBytes).toBeGreaterThan(1024 ** 3);
    const id = (await holder(token, '/api/recordings', 'POST', {})).body.id as string;
    expect((await putPart(token, id, 0, Buffer.from('first part'))).status).toBe(200);
    // Stands in for 256 full parts: the first part's row says it holds all but 100 bytes of the bound.
    await dbQuery(db, `UPDATE drafts.draft_recordings SET parts = jsonb_set(parts, '{0,size}', to_jsonb($2::bigint)) WHERE id = $1`, [id, 1024 ** 3 - 100]);
    const over = await putPart(token, id, 1, Buffer.alloc(101, 1));
    expect(over.status, JSON.stringify(over.body)).toBe(400);
    expect(over.body.fields).toEqual({ part: 'The recording would pass 1073741824 bytes.' });
    expect((await putPart(token, id, 1, Buffer.alloc(100, 1))).status).toBe(200);
  }, 60_000);

  it('refuses at complete parts that add up past what ten minutes can need (1 GiB)', async () => {
    const { token } = await linked();
    const started = await holder(token, '/api/recordings', 'POST', {});
    const bytes = Buffer.from('first part');
    expect((await putPart(token, started.body.id, 0, bytes)).status).toBe(200);
    const done = await holder(token, `/api/recordings/${started.body.id}/complete`, 'POST', { parts: 1, size: 1024 ** 3 + 1, seconds: 60 });
    expect(done.status, JSON.stringify(done.body)).toBe(400);
    expect(done.body.fields).toEqual({ size: 'A recording holds at most 1073741824 bytes.' });
  }, 60_000);
});
