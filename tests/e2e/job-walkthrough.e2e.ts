import { api, createMember, dbQuery, setSetting, type TestMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { postFromDraft } from './support/drafts.js';
import { holder, recordLink, recordOne } from './support/recordings.js';

/**
 * The approved walkthrough of a draft goes out with the posted job: anyone watches a public
 * poster's video while the job is open; an anonymous poster's video only the poster and the hired
 * worker watch, through ten-minute links checked on every request.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });

const bytes = 'a short walkthrough';

/** A draft with an approved recording, written, approved part by part and posted. */
async function postWithWalkthrough(m: TestMember, posterVisibility: 'public' | 'anonymous'): Promise<{ id: string; walkthroughUrl: string | null }> {
  const { job } = await postFromDraft(m, posterVisibility, async (id) => {
    const { token } = await recordLink(m, id);
    // Bytes the check cannot read, approved by the poster who says they watched them.
    const recordingId = await recordOne(token, Buffer.from(bytes));
    const approved = await holder(token, `/api/recordings/${recordingId}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });
  return job as { id: string; walkthroughUrl: string | null };
}

const video = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${base}${path}`, { method, headers });

describe('job walkthrough video', () => {
  it("a public poster's video is public while the job is open, with Range, and disappears once it closes", async () => {
    const poster = await createMember(nats);
    const job = await postWithWalkthrough(poster, 'public');
    expect(job.walkthroughUrl).toBe(`/api/jobs/${job.id}/walkthrough`);
    const stranger = await call(await createMember(nats), `/api/jobs/${job.id}/details`);
    expect(stranger.body.walkthroughUrl).toBe(job.walkthroughUrl);
    const whole = await video(job.walkthroughUrl!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toMatch(/video\/webm/);
    expect(await whole.text()).toBe(bytes);
    const part = await video(job.walkthroughUrl!, { range: 'bytes=2-6' });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(bytes.slice(2, 7));
    expect((await video(job.walkthroughUrl!, {}, 'HEAD')).status).toBe(200);

    expect((await call(poster, `/api/me/jobs/${job.id}/close`, 'POST', {})).status).toBe(200);
    expect((await video(job.walkthroughUrl!)).status).toBe(404);
  });

  it("while the service is invite-only, a public poster's video is not served to signed-out visitors or members not let in", async () => {
    const poster = await createMember(nats);
    const job = await postWithWalkthrough(poster, 'public');
    const admitted = await createMember(nats);
    expect((await video(job.walkthroughUrl!)).status).toBe(200);
    await setSetting(nats, 'invite_only', true);
    try {
      const newcomer = await createMember(nats);
      const signedOut = await video(job.walkthroughUrl!);
      expect(signedOut.status).toBe(401);
      expect((await signedOut.json()).error).toMatch(/invite-only/);
      expect((await video(job.walkthroughUrl!, {}, 'HEAD')).status).toBe(401);
      expect((await video(job.walkthroughUrl!, { authorization: `Bearer ${newcomer.key}` })).status).toBe(403);
      const member = await video(job.walkthroughUrl!, { authorization: `Bearer ${admitted.key}` });
      expect(member.status).toBe(200);
      expect(await member.text()).toBe(bytes);
    } finally {
      await setSetting(nats, 'invite_only', null);
    }
  });

  it("an anonymous poster's video: strangers get null and 404; the poster and the hired worker get links that work", async () => {
    const poster = await createMember(nats);
    const job = await postWithWalkthrough(poster, 'anonymous');
    const path = `/api/jobs/${job.id}/walkthrough`;
    const stranger = await createMember(nats);
    expect((await call(stranger, `/api/jobs/${job.id}/details`)).body.walkthroughUrl).toBeNull();
    expect((await api(base, `/api/jobs/${job.id}`)).body.walkthroughUrl ?? null).toBeNull();
    expect((await video(path)).status).toBe(404);
    expect((await video(`${path}?link=forged.1.abc`)).status).toBe(403);

    const own = (await call(poster, `/api/jobs/${job.id}/details`)).body.walkthroughUrl as string;
    expect(own).toMatch(new RegExp(`^${path}\\?link=`));
    expect((await video(own)).status).toBe(200);
    expect((await video(own, { range: 'bytes=0-4' })).status).toBe(206);

    const worker = await createMember(nats);
    const application = await call(worker, `/api/jobs/${job.id}/applications`, 'POST', {
      pitch: 'I have done this before.',
      acceptResponsibility: true,
      model: 'test-model-1',
    });
    expect(application.status, JSON.stringify(application.body)).toBe(201);
    expect((await call(worker, `/api/jobs/${job.id}/details`)).body.walkthroughUrl).toBeNull();
    expect((await call(poster, `/api/me/job-applications/${application.body.id}/accept`, 'POST')).status).toBe(200);
    // The job board hears of the hire from the applications service.
    const hired = await until(async () => ((await call(worker, `/api/jobs/${job.id}/details`)).body.walkthroughUrl as string | null) ?? undefined, {
      timeoutMs: 10_000,
      intervalMs: 200,
      what: 'the hire to reach the job',
    });
    expect(hired).toMatch(/\?link=/);
    const watched = await video(hired);
    expect(watched.status).toBe(200);
    expect(await watched.text()).toBe(bytes);
    // A link names its viewer: changing the viewer breaks the signature.
    expect((await video(hired.replace(worker.id, stranger.id))).status).toBe(403);
  });

  it("does not outlive its poster's account: the finished job keeps no walkthrough and the worker's link stops working", async () => {
    const poster = await createMember(nats);
    const job = await postWithWalkthrough(poster, 'anonymous');
    const worker = await createMember(nats);
    const application = await call(worker, `/api/jobs/${job.id}/applications`, 'POST', {
      pitch: 'I have done this before.',
      acceptResponsibility: true,
      model: 'test-model-1',
    });
    expect((await call(poster, `/api/me/job-applications/${application.body.id}/accept`, 'POST')).status).toBe(200);
    const submitted = await call(worker, `/api/jobs/${job.id}/submissions`, 'POST', { body: 'The export runs green now.' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const approved = await call(poster, `/api/me/jobs/${job.id}/approve`, 'POST', { score: 5, description: 'Fixed it.' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const rated = await call(worker, `/api/jobs/${job.id}/rating`, 'POST', { score: 5, description: 'Clear brief.' });
    expect(rated.body.status, JSON.stringify(rated.body)).toBe('completed');
    // The finished job still shows the worker the walkthrough, through a link of their own.
    const link = await until(
      async () => {
        const details = (await call(worker, `/api/jobs/${job.id}/details`)).body;
        return details.status === 'completed' ? (details.walkthroughUrl as string) : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 200, what: 'the job to be completed' },
    );
    expect((await video(link)).status).toBe(200);
    const recordings = () => dbQuery(db, 'SELECT id FROM drafts.draft_recordings WHERE member_id = $1', [poster.id]);
    expect(await recordings()).toHaveLength(1);

    const deleted = await call(poster, '/api/me', 'DELETE', { confirm: 'delete my account' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await until(async () => (await recordings()).length === 0, { what: "the poster's recordings to be deleted" });
    await until(
      async () => {
        const details = await call(worker, `/api/jobs/${job.id}/details`);
        return details.status === 200 && details.body.walkthroughUrl === null ? true : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 200, what: 'the job to stop offering the walkthrough' },
    );
    expect((await video(link)).status).toBe(404);
    expect((await video(`/api/jobs/${job.id}/walkthrough`)).status).toBe(404);
  });
});
