import { getMemberActiveWork, getMemberWorkRecord } from '@marketplace/contracts';
import { api, createMembers, type TestMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { callInternal } from './support/bus.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const pitch = { pitch: 'I can do this.', acceptResponsibility: true, model: 'test-model-1' };

async function hired(poster: TestMember, worker: TestMember, title: string, others: TestMember[] = [], over: Record<string, unknown> = {}) {
  const job = (await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'design', constraints: 'Draw it.', ...over } })).body;
  const app = (await api(base, `/api/jobs/${job.id}/applications`, { key: worker.key, body: pitch })).body;
  const otherApps = [];
  for (const o of others) otherApps.push((await api(base, `/api/jobs/${job.id}/applications`, { key: o.key, body: pitch })).body);
  expect((await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);
  return { jobId: job.id as string, appId: app.id as string, otherApps };
}

async function alertsOf(member: TestMember, kind: string): Promise<{ kind: string; message: string; jobId: string }[]> {
  // Delivering consumes alerts, so what each round brings is kept.
  const seen: { kind: string; message: string; jobId: string }[] = [];
  return until(
    async () => {
      const r = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
      seen.push(...r.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts));
      const hit = seen.filter((a) => a.kind === kind);
      return hit.length ? hit : undefined;
    },
    { timeoutMs: 10_000, what: `a ${kind} alert` },
  );
}

describe('a job from posting to completed (REST)', () => {
  it('apply, accept, submit, request changes, submit round 2, approve, rate poster: ratings public on member records', async () => {
    const [poster, worker, stranger] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const { jobId, appId } = await hired(poster, worker, 'Logo walk');
    const work = (key: string) => api(base, `/api/jobs/${jobId}/work`, { key });

    const submittedAlerts = await alertsOf(poster, 'application.submitted');
    expect(submittedAlerts[0]).toMatchObject({ jobId, message: expect.stringMatching(/new application/) });
    expect(JSON.stringify(submittedAlerts)).not.toContain(worker.email);
    const w = await work(poster.key);
    expect(w.status).toBe(200);
    expect(w.body).toMatchObject({
      jobId,
      title: 'Logo walk',
      quote: null,
      status: 'in_progress',
      role: 'poster',
      workerId: worker.id,
      cancelRequestedAt: null,
      submissions: [],
      ratings: { byPoster: null, byWorker: null },
      actions: ['requestCancellation', 'remind'],
    });
    expect(w.body.reason).toMatch(/worker/);
    const asWorker = await work(worker.key);
    expect(asWorker.body).toMatchObject({ role: 'worker', actions: ['submit', 'cancel'], reason: w.body.reason });
    expect((await work(stranger.key)).status).toBe(404);
    expect((await api(base, `/api/jobs/${jobId}/work`)).status).toBe(401);

    // Out of order: nothing to review or rate yet; the poster cannot turn work in.
    expect((await api(base, `/api/me/jobs/${jobId}/approve`, { key: poster.key, body: { score: 5, description: 'Great' } })).status).toBe(409);
    expect((await api(base, `/api/me/jobs/${jobId}/request-changes`, { key: poster.key, body: { feedback: 'More' } })).status).toBe(409);
    expect((await api(base, `/api/jobs/${jobId}/rating`, { key: worker.key, body: { score: 5, description: 'Nice' } })).status).toBe(409);
    expect((await api(base, `/api/jobs/${jobId}/submissions`, { key: poster.key, body: { body: 'mine' } })).status).toBe(403);
    expect((await api(base, `/api/jobs/${jobId}/submissions`, { key: stranger.key, body: { body: 'mine' } })).status).toBe(404);
    const badLink = await api(base, `/api/jobs/${jobId}/submissions`, { key: worker.key, body: { body: 'x', links: [{ url: 'ftp://x' }] } });
    expect(badLink.status).toBe(400);
    expect(Object.keys(badLink.body.fields)).toEqual(['links.0.url']);

    // Round 1.
    const r1 = await api(base, `/api/jobs/${jobId}/submissions`, {
      key: worker.key,
      body: { body: '## Done\nThree logos.', links: [{ url: 'https://example.com/logos', label: 'Logos' }], model: 'test-model-1' },
    });
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({ status: 'submitted', role: 'worker', actions: ['cancel', 'remind'] });
    expect(r1.body.submissions).toEqual([
      expect.objectContaining({
        round: 1,
        body: '## Done\nThree logos.',
        links: [{ url: 'https://example.com/logos', label: 'Logos' }],
        files: [],
        model: 'test-model-1',
        status: 'submitted',
        feedback: null,
        decidedAt: null,
      }),
    ]);
    expect((await api(base, `/api/jobs/${jobId}/submissions`, { key: worker.key, body: { body: 'again' } })).status).toBe(409);
    expect((await work(poster.key)).body.actions).toEqual(['requestChanges', 'approve', 'requestCancellation']);
    expect((await api(base, `/api/me/jobs/${jobId}/approve`, { key: worker.key, body: { score: 5, description: 'me' } })).status).toBe(403);
    expect((await alertsOf(poster, 'work.submitted'))[0]!.message).toContain('Round 1');

    // Changes requested, round 2.
    expect((await api(base, `/api/me/jobs/${jobId}/request-changes`, { key: poster.key, body: {} })).status).toBe(400);
    const changes = await api(base, `/api/me/jobs/${jobId}/request-changes`, { key: poster.key, body: { feedback: 'Bigger text, please.' } });
    expect(changes.status).toBe(200);
    expect(changes.body.status).toBe('changes_requested');
    expect(changes.body.submissions[0]).toMatchObject({ round: 1, status: 'changes_requested', feedback: 'Bigger text, please.' });
    expect(await alertsOf(worker, 'work.changes_requested')).toHaveLength(1);
    const r2 = await api(base, `/api/jobs/${jobId}/submissions`, { key: worker.key, body: { body: 'Bigger text.' } });
    expect(r2.status).toBe(201);
    expect(r2.body.submissions.map((s: { round: number; status: string }) => [s.round, s.status])).toEqual([
      [2, 'submitted'],
      [1, 'changes_requested'],
    ]);
    expect(r2.body.submissions[0].model).toBeNull();

    // Approve with a private rating.
    const noScore = await api(base, `/api/me/jobs/${jobId}/approve`, { key: poster.key, body: { description: 'Great work' } });
    expect(noScore.status).toBe(400);
    expect(noScore.body.fields.score).toBeDefined();
    expect((await api(base, `/api/me/jobs/${jobId}/approve`, { key: poster.key, body: { score: 6, description: 'x' } })).status).toBe(400);
    const approved = await api(base, `/api/me/jobs/${jobId}/approve`, { key: poster.key, body: { score: 4, description: 'Great work' } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'rating',
      actions: ['remind'],
      ratings: { byPoster: { score: 4, description: 'Great work' }, byWorker: null },
    });
    expect(approved.body.submissions[0].status).toBe('approved');
    expect((await alertsOf(worker, 'work.approved'))[0]!.message).toMatch(/approved.*Rate the poster/);
    // The worker does not see the poster's rating until rating back.
    expect((await work(worker.key)).body).toMatchObject({ actions: ['rate'], ratings: { byPoster: null, byWorker: null } });
    expect((await api(base, `/api/me/jobs/${jobId}/approve`, { key: poster.key, body: { score: 4, description: 'again' } })).status).toBe(409);
    expect((await api(base, `/api/jobs/${jobId}/cancel`, { key: worker.key, method: 'POST' })).status).toBe(409);
    const before = await callInternal(nats, getMemberWorkRecord, { memberId: worker.id });
    expect(before).toMatchObject({ jobsDone: [jobId], completedJobs: 1, rating: null, ratings: [] });
    expect(await callInternal(nats, getMemberActiveWork, { memberId: worker.id })).toEqual({ active: true, jobIds: [jobId] });

    // Rating the poster completes the job.
    expect((await api(base, `/api/jobs/${jobId}/rating`, { key: poster.key, body: { score: 5, description: 'x' } })).status).toBe(403);
    const rated = await api(base, `/api/jobs/${jobId}/rating`, { key: worker.key, body: { score: 5, description: 'Clear brief' } });
    expect(rated.status).toBe(201);
    expect(rated.body).toMatchObject({
      status: 'completed',
      actions: [],
      ratings: { byPoster: { score: 4, description: 'Great work' }, byWorker: { score: 5, description: 'Clear brief' } },
    });
    expect((await api(base, `/api/jobs/${jobId}/rating`, { key: worker.key, body: { score: 5, description: 'again' } })).status).toBe(409);
    const pub = await api(base, `/api/jobs/${jobId}`);
    expect(pub.body).toMatchObject({ status: 'completed', locked: true });
    const workerRecord = await callInternal(nats, getMemberWorkRecord, { memberId: worker.id });
    expect(workerRecord.rating).toEqual({ average: 4, count: 1 });
    expect(workerRecord.ratings).toEqual([
      {
        score: 4,
        description: 'Great work',
        as: 'worker',
        job: { id: jobId, title: 'Logo walk' },
        by: { id: poster.id, name: poster.name, headline: expect.any(String), photoUrl: null },
        createdAt: expect.any(String),
      },
    ]);
    const posterRecord = await callInternal(nats, getMemberWorkRecord, { memberId: poster.id });
    expect(posterRecord.rating).toEqual({ average: 5, count: 1 });
    expect(posterRecord.ratings[0]).toMatchObject({ as: 'poster', by: { id: worker.id, name: worker.name } });
    expect(await callInternal(nats, getMemberActiveWork, { memberId: worker.id })).toEqual({ active: false, jobIds: [] });
    // The member pages show the same record.
    const page = await api(base, `/api/members/${worker.id}`, { key: stranger.key });
    expect(page.status).toBe(200);
    expect(page.body.rating).toEqual({ average: 4, count: 1 });
    expect(page.body.ratings).toEqual(workerRecord.ratings);
    expect(await alertsOf(poster, 'work.completed')).toHaveLength(1);
    const mine = (await api(base, '/api/me/applications', { key: worker.key })).body.applications.find((a: { id: string }) => a.id === appId);
    expect(mine.job.status).toBe('completed');
  });

  it('masks an anonymous poster on the worker rating and leaves the poster rating out of the list', async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const { jobId } = await hired(poster, worker, 'Anonymous walk', [], { posterVisibility: 'anonymous' });
    await api(base, `/api/jobs/${jobId}/submissions`, { key: worker.key, body: { body: 'Done.' } });
    await api(base, `/api/me/jobs/${jobId}/approve`, { key: poster.key, body: { score: 2, description: 'Late' } });
    await api(base, `/api/jobs/${jobId}/rating`, { key: worker.key, body: { score: 3, description: 'Vague' } });
    const workerRecord = await callInternal(nats, getMemberWorkRecord, { memberId: worker.id });
    expect(workerRecord.ratings[0]!.by).toEqual({ id: null, name: 'Anonymous poster', headline: null, photoUrl: null });
    const posterRecord = await callInternal(nats, getMemberWorkRecord, { memberId: poster.id });
    expect(posterRecord.rating).toEqual({ average: 3, count: 1 });
    expect(posterRecord.ratings).toEqual([]);
  });
});

describe('cancelling hired work and reminders', () => {
  it('poster asks, worker cancels: the job reopens for 14 days and displaced applicants wait again', async () => {
    const [poster, worker, other, stranger] = (await createMembers(nats, 4)) as [TestMember, TestMember, TestMember, TestMember];
    const { jobId, appId, otherApps } = await hired(poster, worker, 'Cancel walk', [other]);
    expect((await api(base, `/api/jobs/${jobId}/cancel`, { key: poster.key, method: 'POST' })).status).toBe(403);
    expect((await api(base, `/api/jobs/${jobId}/cancel`, { key: stranger.key, method: 'POST' })).status).toBe(404);
    const asked = await api(base, `/api/me/jobs/${jobId}/cancel-request`, { key: poster.key, method: 'POST' });
    expect(asked.status).toBe(200);
    expect(asked.body.cancelRequestedAt).toEqual(expect.any(String));
    expect(asked.body.status).toBe('in_progress');
    expect(asked.body.actions).not.toContain('requestCancellation');
    expect((await api(base, `/api/me/jobs/${jobId}/cancel-request`, { key: poster.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/me/jobs/${jobId}/cancel-request`, { key: worker.key, method: 'POST' })).status).toBe(403);
    expect(await alertsOf(worker, 'work.cancellation_requested')).toHaveLength(1);

    const cancelled = await api(base, `/api/jobs/${jobId}/cancel`, { key: worker.key, method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('open');
    const job = await api(base, `/api/jobs/${jobId}`);
    expect(job.body.status).toBe('open');
    expect((Date.parse(job.body.closesAt) - Date.now()) / 86_400_000).toBeGreaterThan(13.9);
    const workerApps = (await api(base, '/api/me/applications', { key: worker.key })).body.applications;
    expect(workerApps.find((a: { id: string }) => a.id === appId)).toMatchObject({ status: 'cancelled' });
    const otherMine = (await api(base, '/api/me/applications', { key: other.key })).body.applications;
    expect(otherMine.find((a: { id: string }) => a.id === otherApps[0].id)).toMatchObject({ status: 'submitted', decidedAt: null });
    expect((await api(base, `/api/jobs/${jobId}/work`, { key: poster.key })).status).toBe(409);
    expect((await api(base, `/api/jobs/${jobId}/work`, { key: worker.key })).status).toBe(404);
    expect(await alertsOf(poster, 'work.cancelled')).toHaveLength(1);
    // The displaced applicant can be hired now.
    const rehire = await api(base, `/api/me/job-applications/${otherApps[0].id}/accept`, { key: poster.key, method: 'POST' });
    expect(rehire.status).toBe(200);
    expect((await api(base, `/api/jobs/${jobId}/work`, { key: other.key })).body).toMatchObject({ role: 'worker', workerId: other.id, submissions: [] });
  });

  it('staff can cancel; reminders go to the side the work waits on, once per 12 hours', async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const [staff] = (await createMembers(nats, 1, { staff: true })) as [TestMember];
    const { jobId } = await hired(poster, worker, 'Remind walk');
    // Waiting on the worker: the worker cannot remind, the poster can, once.
    expect((await api(base, `/api/jobs/${jobId}/remind`, { key: worker.key, method: 'POST' })).status).toBe(409);
    const reminded = await api(base, `/api/jobs/${jobId}/remind`, { key: poster.key, method: 'POST' });
    expect(reminded.status).toBe(200);
    expect(reminded.body.reminded).toBe('worker');
    const again = await api(base, `/api/jobs/${jobId}/remind`, { key: poster.key, method: 'POST' });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(11 * 3600);
    expect((await alertsOf(worker, 'work.reminder_sent'))[0]!.message).toContain('Remind walk');
    const asStaff = await api(base, `/api/jobs/${jobId}/work`, { key: staff.key });
    expect(asStaff.body).toMatchObject({ role: 'admin', actions: ['cancel'] });
    const cancelled = await api(base, `/api/jobs/${jobId}/cancel`, { key: staff.key, method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect((await api(base, `/api/jobs/${jobId}`)).body.status).toBe('open');
  });
});
