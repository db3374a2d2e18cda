import { memberDeletedV1 } from '@marketplace/contracts';
import { api, createMember, dbQuery, mcp, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { mcpToken } from './support/mcp-token.js';
import { holder, newDraft, putPart, recordLink, recordOne, sha } from './support/recordings.js';

/**
 * Walkthrough recordings without a model configured: the record link (token in the fragment, a
 * new link revokes older ones, an hourly limit), the record page's session, parts uploaded as they
 * are recorded, completion (parts add up or 400), and the background check's fallback, which says
 * it was not analyzed.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

const db = inject('databaseUrl');
const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });

describe('walkthrough recordings', () => {
  it('records in parts with a link, completes when the parts add up, and is checked in the background', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token, body: link } = await recordLink(member, draftId);
    const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const session = await holder(token, '/api/recordings/session');
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body).toMatchObject({ draftId, posterName: member.name, recording: null, limits: { seconds: 600, acceptedMoments: 20 } });
    expect(session.body.needs).toMatch(/record/i);
    expect((await holder('not-a-token', '/api/recordings/session')).status).toBe(401);
    expect((await api(base, '/api/recordings/session')).status).toBe(401);

    const started = await holder(token, '/api/recordings', 'POST', { webcam: true });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ status: 'uploading', webcam: true, parts: 0, bytes: 0, approved: false });
    const id = started.body.id as string;

    const parts = [Buffer.alloc(70_000, 1), Buffer.alloc(50_000, 2), Buffer.from('the last few frames')];
    const first = await putPart(token, id, 0, parts[0]!);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ index: 0, recording: { parts: 1, bytes: 70_000 } });
    // A retry of the same bytes is safe; other bytes for that part, or a wrong digest, are refused.
    expect((await putPart(token, id, 0, parts[0]!)).status).toBe(200);
    expect((await putPart(token, id, 0, parts[1]!)).status).toBe(409);
    expect((await putPart(token, id, 1, parts[1]!, sha(parts[0]!))).status).toBe(409);
    expect((await putPart('not-a-token', id, 1, parts[1]!)).status).toBe(401);
    expect((await putPart(token, id, 1, parts[1]!)).status).toBe(200);

    const total = parts.reduce((n, p) => n + p.length, 0);
    const missing = await holder(token, `/api/recordings/${id}/complete`, 'POST', { parts: 3, size: total, seconds: 42 });
    expect(missing.status, JSON.stringify(missing.body)).toBe(409);
    expect(missing.body.fields.parts).toMatch(/Part 2/);
    expect((await putPart(token, id, 2, parts[2]!)).status).toBe(200);
    const wrongSize = await holder(token, `/api/recordings/${id}/complete`, 'POST', { parts: 3, size: total + 1, seconds: 42 });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.fields.size).toMatch(/add up/);
    expect((await holder(token, `/api/recordings/${id}/complete`, 'POST', { parts: 3, size: total, seconds: 601 })).status).toBe(400);

    const done = await holder(token, `/api/recordings/${id}/complete`, 'POST', { parts: 3, size: total, seconds: 42 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'analyzing', seconds: 42, parts: 3, bytes: total });
    expect((await holder(token, `/api/recordings/${id}/complete`, 'POST', { parts: 3, size: total, seconds: 42 })).status).toBe(409);
    expect((await putPart(token, id, 3, parts[2]!)).status).toBe(409);

    // These bytes are no video: the check says it could not read them, finds nothing and says it was not analyzed.
    const checked = await until(
      async () => {
        const r = await holder(token, `/api/recordings/${id}`);
        expect(r.status).toBe(200);
        return r.body.status === 'analyzing' ? undefined : r.body;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the recording check' },
    );
    expect(checked).toMatchObject({ status: 'needs_review', analyzed: false, approved: false, findings: [], moments: [], transcript: null });
    expect(checked.summary).toMatch(/42-second screen recording with webcam/);
    expect((await holder(token, `/api/recordings/${id}`)).status).toBe(200);

    // Someone else's link reads nothing of this recording.
    const other = await createMember(nats);
    const { token: otherToken } = await recordLink(other, await newDraft(other));
    expect((await holder(otherToken, `/api/recordings/${id}`)).status).toBe(404);

    const again = await holder(token, '/api/recordings/session');
    expect(again.body.recording).toMatchObject({ id, status: 'needs_review' });
    const draft = (await call(member, `/api/me/job-drafts/${draftId}`)).body;
    expect(draft.recording).toMatchObject({ id, status: 'needs_review', analyzed: false, summary: checked.summary });

    // The parts were joined into one video the poster can watch, in ranges too.
    expect(checked.videoUrl).toBe(`/api/me/job-drafts/${draftId}/recording/video`);
    const video = await fetch(`${base}${checked.videoUrl}`, { headers: { authorization: `Bearer ${member.key}` } });
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toMatch(/^video\/webm/);
    expect(Buffer.from(await video.arrayBuffer()).equals(Buffer.concat(parts))).toBe(true);
    const range = await fetch(`${base}${checked.videoUrl}`, { headers: { authorization: `Bearer ${member.key}`, range: 'bytes=69990-70009' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(Buffer.concat(parts).subarray(69_990, 70_010))).toBe(true);
    expect((await fetch(`${base}${checked.videoUrl}`, { headers: { authorization: `Bearer ${other.key}` } })).status).toBe(404);

    // Unchecked: approval needs acknowledging; moments must be the recording's own.
    const unacknowledged = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve' });
    expect(unacknowledged.status).toBe(400);
    expect(unacknowledged.body.fields.acknowledgeFindings).toBeTruthy();
    const review = `/api/me/job-drafts/${draftId}/recording/review`;
    const strange = await call(member, review, 'POST', { action: 'approve', acknowledgeFindings: true, acceptedMoments: ['m9'] });
    expect(strange.status).toBe(400);
    expect(strange.body.fields.acceptedMoments).toMatch(/m9/);
    // More than 20 moments is refused for their number, whatever else the review says.
    const tooMany = await call(member, review, 'POST', {
      action: 'approve',
      acknowledgeFindings: true,
      acceptedMoments: Array.from({ length: 21 }, (_, i) => `m${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.acceptedMoments).toBe('At most 20 moments.');
    expect((await call(other, review, 'POST', { action: 'approve', acknowledgeFindings: true })).status).toBe(404);

    // A credential on screen refuses approval, acknowledged or not (the check's result, as a model would write it).
    await dbQuery(db, `UPDATE drafts.draft_recordings SET findings = $2, moments = $3 WHERE id = $1`, [
      id,
      JSON.stringify([{ kind: 'secret', atSeconds: 12, description: 'An API key in a terminal' }]),
      JSON.stringify([{ id: 'm1', atSeconds: 20, quote: 'it times out here', suggestedRequirement: 'Export finishes within 5 minutes' }]),
    ]);
    const secret = await call(member, review, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(secret.status).toBe(400);
    expect(secret.body.error).toMatch(/credential/i);
    await dbQuery(db, `UPDATE drafts.draft_recordings SET findings = '[]' WHERE id = $1`, [id]);

    const approved = await call(member, review, 'POST', { action: 'approve', acknowledgeFindings: true, acceptedMoments: ['m1'] });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ id, status: 'approved', approved: true, acceptedMoments: ['m1'] });
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toMatchObject({ status: 'approved', acceptedMoments: ['m1'] });

    // An accepted moment becomes a requirement of the written posting; changing which are accepted makes the posting stale.
    expect((await call(member, `/api/me/job-drafts/${draftId}/writing`, 'POST', {})).status).toBe(202);
    const written = await until(
      async () => {
        const d = (await call(member, `/api/me/job-drafts/${draftId}`)).body;
        return d.tasks.writing?.status === 'ready' ? d : undefined;
      },
      { what: 'the posting to be written' },
    );
    expect(written.posting.description).toMatch(/\n## Requirements from the walkthrough\n\n- Export finishes within 5 minutes$/);
    expect(written.postingStale).toBe(false);
    const unaccepted = await call(member, review, 'POST', { action: 'approve', acknowledgeFindings: true, acceptedMoments: [] });
    expect(unaccepted.status, JSON.stringify(unaccepted.body)).toBe(200);
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.postingStale).toBe(true);

    // The token holder deletes it; the draft has no recording any more.
    const deleted = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'delete' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toBeNull();
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toBeNull();
    expect((await holder(token, `/api/recordings/${id}`)).status).toBe(404);
    expect((await call(member, `/api/me/job-drafts/${draftId}/recording`, 'DELETE')).status).toBe(404);
    expect((await call(member, review, 'POST', { action: 'approve', acknowledgeFindings: true })).status).toBe(404);
  });

  it("a new link revokes older ones; unknown and other members' drafts are 404", async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token: older } = await recordLink(member, draftId);
    expect((await holder(older, '/api/recordings/session')).status).toBe(200);
    const { token: newer } = await recordLink(member, draftId);
    expect((await holder(older, '/api/recordings/session')).status).toBe(401);
    expect((await holder(older, '/api/recordings', 'POST', {})).status).toBe(401);
    expect((await holder(newer, '/api/recordings/session')).status).toBe(200);

    const stranger = await createMember(nats);
    expect((await call(stranger, `/api/me/job-drafts/${draftId}/recording-links`, 'POST', {})).status).toBe(404);
    expect((await call(member, '/api/me/job-drafts/00000000-0000-4000-8000-000000000000/recording-links', 'POST', {})).status).toBe(404);
    expect((await api(base, `/api/me/job-drafts/${draftId}/recording-links`, { method: 'POST', body: {} })).status).toBe(401);

    // A discarded draft's link stops working.
    expect((await call(member, `/api/me/job-drafts/${draftId}`, 'DELETE')).status).toBe(200);
    expect((await holder(newer, '/api/recordings/session')).status).toBe(401);
  });

  it('limits recording links per hour (429 with Retry-After)', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    let res = await call(member, `/api/me/job-drafts/${draftId}/recording-links`, 'POST', {});
    for (let i = 0; i < 30 && res.status === 201; i++) res = await call(member, `/api/me/job-drafts/${draftId}/recording-links`, 'POST', {});
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('create_recording_link over MCP with a real token', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const token = await mcpToken(member);
    const out = toolOutcome(await mcp(base, 'tools/call', { name: 'create_recording_link', arguments: { draft_id: draftId } }, token));
    expect(out.isError, JSON.stringify(out)).toBeFalsy();
    expect(out.path).toMatch(/^\/record#[A-Za-z0-9_-]{40,}$/);
    const linkToken = out.path.split('#')[1] as string;
    const session = await holder(linkToken, '/api/recordings/session');
    expect(session.status).toBe(200);
    expect(session.body.draftId).toBe(draftId);

    // Bytes no decoder reads: nothing was checked, so approving needs acknowledging.
    const id = await recordOne(linkToken, Buffer.from('not a video at all'));
    const review = async (args: Record<string, unknown>) =>
      toolOutcome(await mcp(base, 'tools/call', { name: 'review_job_recording', arguments: { draft_id: draftId, ...args } }, token));
    const refused = await review({ action: 'approve' });
    expect(refused.isError).toBe(true);
    expect(refused.error, JSON.stringify(refused)).toMatch(/acknowledg/i);
    const approved = await review({ action: 'approve', acknowledge_findings: true, accepted_moments: [] });
    expect(approved.isError, JSON.stringify(approved)).toBeFalsy();
    expect(approved).toMatchObject({ id, status: 'approved', approved: true });

    // The poster deletes it over REST.
    expect((await call(member, `/api/me/job-drafts/${draftId}/recording`, 'DELETE')).body).toEqual({ deleted: true });
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toBeNull();
  });

  it("a completed recording replaces the draft's earlier one", async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    const first = await recordOne(token);
    const second = await recordOne(token);
    expect(second).not.toBe(first);
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording.id).toBe(second);
    expect((await holder(token, `/api/recordings/${first}`)).status).toBe(404);
  });

  it("account deletion removes the member's recordings and their link stops working", async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    const id = await recordOne(token);
    const rows = () => dbQuery(db, 'SELECT id FROM drafts.draft_recordings WHERE member_id = $1', [member.id]);
    expect(await rows()).toEqual([{ id }]);
    await publishEvent(nats, memberDeletedV1, { memberId: member.id, deletedAt: new Date().toISOString() });
    await until(async () => (await rows()).length === 0, { what: 'the recordings to be deleted' });
    expect((await holder(token, '/api/recordings/session')).status).toBe(401);
  });
});
