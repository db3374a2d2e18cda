import { api, createMembers, type TestMember, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const jobBody = (title: string) => ({ title, category: 'data', constraints: '## Scope\nDeduplicate rows.' });
const pitch = (over: Record<string, unknown> = {}) => ({ pitch: 'I have done this before.', acceptResponsibility: true, model: 'test-model-1', ...over });

describe('hiring: exactly one of many concurrent accepts wins', () => {
  it('20 applicants, 20 concurrent accepts: one 200, nineteen 409, job in_progress, others declined', async () => {
    const [poster, ...applicants] = await createMembers(nats, 21);
    const job = (await api(base, '/api/me/jobs', { key: poster!.key, body: jobBody('Race to hire') })).body;
    const apps = await Promise.all(
      applicants.map(async (a) => {
        const res = await api(base, `/api/jobs/${job.id}/applications`, { key: a.key, body: pitch() });
        expect(res.status).toBe(201);
        return res.body.id as string;
      }),
    );
    const results = await Promise.all(apps.map((id) => api(base, `/api/me/job-applications/${id}/accept`, { key: poster!.key, method: 'POST' })));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)!.body;
    expect(winner.status).toBe('accepted');
    expect(winner.contact).toEqual({ name: expect.any(String), email: expect.stringContaining('@') });

    const list = await api(base, `/api/me/jobs/${job.id}/applications`, { key: poster!.key });
    expect(list.body.applications).toHaveLength(20);
    const statuses = list.body.applications.map((a: { status: string }) => a.status).sort();
    expect(statuses.filter((s: string) => s === 'accepted')).toHaveLength(1);
    expect(statuses.filter((s: string) => s === 'declined')).toHaveLength(19);
    // Emails only on the accepted one.
    for (const a of list.body.applications) {
      if (a.status === 'accepted') expect(a.contact.email).toContain('@');
      else expect(a.contact).toBeNull();
    }
    const mine = (await api(base, '/api/me/jobs', { key: poster!.key })).body.jobs.find((j: { id: string }) => j.id === job.id);
    expect(mine.status).toBe('in_progress');
    expect(mine.closesAt).toBeNull();
    // The job has left the public board.
    expect((await api(base, `/api/jobs/${job.id}`)).status).toBe(404);
    const work = await api(base, `/api/jobs/${job.id}/work`, { key: poster!.key });
    expect(work.status).toBe(200);
    expect(work.body).toMatchObject({ status: 'in_progress', role: 'poster', workerId: winner.worker.id });
  });
});

describe('the poster side', () => {
  let poster: TestMember;
  let ann: TestMember;
  let bob: TestMember;
  let cat: TestMember;
  beforeAll(async () => {
    [poster, ann, bob, cat] = (await createMembers(nats, 4)) as [TestMember, TestMember, TestMember, TestMember];
  });

  it('lists applications oldest first without withdrawn ones; quotes and costs null; no emails before accepting', async () => {
    const job = (await api(base, '/api/me/jobs', { key: poster.key, body: jobBody('List check') })).body;
    const a1 = (await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch({ pitch: 'first' }) })).body;
    const a2 = (await api(base, `/api/jobs/${job.id}/applications`, { key: bob.key, body: pitch({ pitch: 'second' }) })).body;
    const a3 = (await api(base, `/api/jobs/${job.id}/applications`, { key: cat.key, body: pitch({ pitch: 'third' }) })).body;
    expect((await api(base, `/api/me/applications/${a2.id}/withdraw`, { key: bob.key, method: 'POST' })).status).toBe(200);
    const res = await api(base, `/api/me/jobs/${job.id}/applications`, { key: poster.key });
    expect(res.status).toBe(200);
    expect(res.body.applications.map((a: { id: string }) => a.id)).toEqual([a1.id, a3.id]);
    const row = res.body.applications[0];
    expect(row).toMatchObject({
      status: 'submitted',
      quote: null,
      cost: null,
      pitch: 'first',
      model: 'test-model-1',
      contact: null,
      preferred: false,
      jobChangedSinceApplying: false,
      appliedTo: { version: 1, title: 'List check', category: 'data' },
    });
    expect(row.worker).toMatchObject({ id: ann.id, name: ann.name, location: 'Austin, TX', skills: [] });
    expect(row.resume).toContain(ann.name);
    expect(JSON.stringify(res.body)).not.toContain(ann.email);
    // Only the poster reads them.
    expect((await api(base, `/api/me/jobs/${job.id}/applications`, { key: ann.key })).status).toBe(404);
  });

  it('declines (200, job stays open), refuses deciding twice (409) and strangers (404)', async () => {
    const job = (await api(base, '/api/me/jobs', { key: poster.key, body: jobBody('Decline check') })).body;
    const app = (await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch() })).body;
    expect((await api(base, `/api/me/job-applications/${app.id}/decline`, { key: ann.key, method: 'POST' })).status).toBe(404);
    const declined = await api(base, `/api/me/job-applications/${app.id}/decline`, { key: poster.key, method: 'POST' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ id: app.id, status: 'declined', contact: null });
    expect(declined.body.decidedAt).toEqual(expect.any(String));
    expect((await api(base, `/api/me/job-applications/${app.id}/decline`, { key: poster.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/jobs/${job.id}`)).body.status).toBe('open');
    const mine = await api(base, '/api/me/applications', { key: ann.key });
    expect(mine.body.applications.find((a: { id: string }) => a.id === app.id).status).toBe('declined');
    expect((await api(base, '/api/me/job-applications/00000000-0000-4000-8000-000000000000/accept', { key: poster.key, method: 'POST' })).status).toBe(404);
    expect((await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, body: { quote: 50 } })).status).toBe(400);
  });

  it('accepting exchanges contacts, declines the others and alerts each side', async () => {
    const job = (await api(base, '/api/me/jobs', { key: poster.key, body: jobBody('Contact check') })).body;
    const hired = (await api(base, `/api/jobs/${job.id}/applications`, { key: bob.key, body: pitch() })).body;
    const other = (await api(base, `/api/jobs/${job.id}/applications`, { key: cat.key, body: pitch() })).body;
    const res = await api(base, `/api/me/job-applications/${hired.id}/accept`, { key: poster.key, method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.contact).toEqual({ name: bob.name, email: bob.email });
    const bobs = (await api(base, '/api/me/applications', { key: bob.key })).body.applications;
    const mineHired = bobs.find((a: { id: string }) => a.id === hired.id);
    expect(mineHired).toMatchObject({ status: 'accepted', statusLabel: expect.any(String), contact: { name: poster.name, email: poster.email } });
    expect(mineHired.job).toMatchObject({ id: job.id, status: 'in_progress' });
    const cats = (await api(base, '/api/me/applications', { key: cat.key })).body.applications;
    expect(cats.find((a: { id: string }) => a.id === other.id)).toMatchObject({ status: 'declined', contact: null });
    // The hired worker may read the job's details although it left the board; strangers may not.
    const details = await api(base, `/api/jobs/${job.id}/details`, { key: bob.key });
    expect(details.status).toBe(200);
    expect(details.body.application).toMatchObject({ id: hired.id, status: 'accepted' });
    expect((await api(base, `/api/jobs/${job.id}/details`, { key: ann.key })).status).toBe(404);

    const bobAlerts = await until(async () => {
      const r = await api(base, '/api/me/notifications/deliver', { key: bob.key, method: 'POST' });
      const hit = r.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts).filter((a: { kind: string }) => a.kind === 'application.accepted');
      return hit.length ? hit : undefined;
    });
    expect(bobAlerts[0]).toMatchObject({ jobId: job.id });
    expect(bobAlerts[0].message).toContain('Contact check');
    await until(async () => {
      const r = await api(base, '/api/me/notifications/deliver', { key: cat.key, method: 'POST' });
      return r.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts).some((a: { kind: string }) => a.kind === 'application.declined')
        ? true
        : undefined;
    });
  });

  it('a hire on a job that is no longer open is refused with 409 and leaves the application waiting', async () => {
    const job = (await api(base, '/api/me/jobs', { key: poster.key, body: jobBody('Already hired') })).body;
    const first = (await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch() })).body;
    expect((await api(base, `/api/me/job-applications/${first.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);
    // Bob cannot apply any more: the job is not open (404).
    expect((await api(base, `/api/jobs/${job.id}/applications`, { key: bob.key, body: pitch() })).status).toBe(404);
  });
});

describe('hiring while the jobs service is away', () => {
  it('answers 503 and changes nothing; the same accept succeeds once jobs is back', async () => {
    const [poster, ann, bob] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const job = (await api(base, '/api/me/jobs', { key: poster.key, body: jobBody('Outage hire') })).body;
    const app = (await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch() })).body;
    const other = (await api(base, `/api/jobs/${job.id}/applications`, { key: bob.key, body: pitch() })).body;
    await service('stop', 'jobs');
    try {
      const res = await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, method: 'POST' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      const mine = (await api(base, '/api/me/applications', { key: bob.key })).status;
      expect(mine).toBe(503);
    } finally {
      await service('start', 'jobs');
    }
    await expect.poll(async () => (await api(base, `/api/jobs/${job.id}`)).status, { timeout: 15_000 }).toBe(200);
    const list = (await api(base, `/api/me/jobs/${job.id}/applications`, { key: poster.key })).body.applications;
    expect(list.map((a: { status: string }) => a.status)).toEqual(['submitted', 'submitted']);
    expect((await api(base, `/api/jobs/${job.id}`)).body.status).toBe('open');
    const res = await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, method: 'POST' });
    expect(res.status).toBe(200);
    const after = (await api(base, `/api/me/jobs/${job.id}/applications`, { key: poster.key })).body.applications;
    expect(after.find((a: { id: string }) => a.id === other.id).status).toBe('declined');
  });
});
