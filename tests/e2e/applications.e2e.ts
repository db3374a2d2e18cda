import { api, createMember, createMembers, mcp, sessionHeaders, signIn, type TestMember, toolResult } from '@marketplace/testing';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const databaseUrl = inject('databaseUrl');

const jobBody = (title: string, over: Record<string, unknown> = {}) => ({ title, category: 'writing', constraints: '## Scope\nWrite it.', ...over });
const pitch = (over: Record<string, unknown> = {}) => ({ pitch: 'I write well.', acceptResponsibility: true, model: 'test-model-1', ...over });

async function postJob(poster: TestMember, title: string, over: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const res = await api(base, '/api/me/jobs', { key: poster.key, body: jobBody(title, over) });
  expect(res.status).toBe(201);
  return res.body;
}

describe('applying (REST)', () => {
  let poster: TestMember;
  let ann: TestMember;
  beforeAll(async () => {
    [poster, ann] = (await createMembers(nats, 2)) as [TestMember, TestMember];
  });

  it('applies: 201 MyApplication with the resume snapshot and the version applied to', async () => {
    const job = await postJob(poster, 'Apply check');
    const res = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch({ agent: 'Helper bot', jobVersion: 1 }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'submitted',
      statusLabel: expect.any(String),
      quote: null,
      pitch: 'I write well.',
      agent: 'Helper bot',
      model: 'test-model-1',
      decidedAt: null,
      contact: null,
      jobChangedSinceApplying: false,
      job: { id: job.id, title: 'Apply check', status: 'open', version: 1, postedBy: { id: poster.id } },
      appliedTo: { version: 1, title: 'Apply check', category: 'writing', constraints: '## Scope\nWrite it.' },
    });
    expect(res.body.resume).toContain(ann.name);
    // The public count follows from the event.
    await expect.poll(async () => (await api(base, `/api/jobs/${job.id}`)).body.applicants, { timeout: 10_000 }).toBe(1);
  });

  it('validates: pitch, acceptResponsibility, agent and model lengths, model required with a key, quote refused', async () => {
    const job = await postJob(poster, 'Validation check');
    const bad = await api(base, `/api/jobs/${job.id}/applications`, {
      key: ann.key,
      body: { pitch: 'x'.repeat(4001), acceptResponsibility: false, agent: 'a'.repeat(121), model: 'm'.repeat(121) },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['acceptResponsibility', 'agent', 'model', 'pitch']);
    const noPitch = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: { acceptResponsibility: true, model: 'm' } });
    expect(noPitch.body.fields.pitch).toBe('Required.');
    const noModel = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch({ model: undefined }) });
    expect(noModel.status).toBe(400);
    expect(noModel.body.fields.model).toMatch(/API key/);
    const quote = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch({ quote: 100 }) });
    expect(quote.status).toBe(400);
    expect(quote.body.fields.quote).toMatch(/Payments are disabled/);
    expect((await api(base, `/api/jobs/${job.id}/applications`, { body: pitch() })).status).toBe(401);
  });

  it('refuses: incomplete profile (403 with missing), own job, twice, changed version (409), unknown job (404)', async () => {
    const job = await postJob(poster, 'Refusal check');
    const incomplete = await createMember(nats, { completeProfile: false });
    const noProfile = await api(base, `/api/jobs/${job.id}/applications`, { key: incomplete.key, body: pitch() });
    expect(noProfile.status).toBe(403);
    expect(noProfile.body.error).toMatch(/resume/);
    expect(Object.keys(noProfile.body.fields)).toEqual(expect.arrayContaining(['resume', 'headline']));
    const own = await api(base, `/api/jobs/${job.id}/applications`, { key: poster.key, body: pitch() });
    expect(own.status).toBe(409);
    const stale = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch({ jobVersion: 2 }) });
    expect(stale.status).toBe(409);
    expect(stale.body.fields.jobVersion).toMatch(/version 1/);
    expect((await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch() })).status).toBe(201);
    const twice = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch() });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/already applied/);
    expect((await api(base, '/api/jobs/00000000-0000-4000-8000-000000000000/applications', { key: ann.key, body: pitch() })).status).toBe(404);
  });

  it('withdraws only while waiting, then applies again; the viewer application follows on job details', async () => {
    const job = await postJob(poster, 'Withdraw check');
    const first = (await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch() })).body;
    const details = await api(base, `/api/jobs/${job.id}/details`, { key: ann.key });
    expect(details.body.application).toEqual({
      id: first.id,
      status: 'submitted',
      statusLabel: expect.any(String),
      createdAt: first.createdAt,
      decidedAt: null,
      visibility: 'anonymous',
      applicantId: first.id,
      applicantName: expect.stringMatching(/^\w+ \w+$/),
    });
    expect((await api(base, `/api/me/applications/${first.id}/withdraw`, { key: poster.key, method: 'POST' })).status).toBe(404);
    const withdrawn = await api(base, `/api/me/applications/${first.id}/withdraw`, { key: ann.key, method: 'POST' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await api(base, `/api/me/applications/${first.id}/withdraw`, { key: ann.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/jobs/${job.id}/details`, { key: ann.key })).body.application.status).toBe('withdrawn');
    const again = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.key, body: pitch({ pitch: 'Second try' }) });
    expect(again.status).toBe(201);
    const mine = (await api(base, '/api/me/applications', { key: ann.key })).body.applications;
    const forJob = mine.filter((a: { job: { id: string } }) => a.job.id === job.id);
    expect(forJob.map((a: { status: string }) => a.status)).toEqual(['submitted', 'withdrawn']);
    expect((await api(base, `/api/jobs/${job.id}/details`, { key: ann.key })).body.application.id).toBe(again.body.id);
    await expect.poll(async () => (await api(base, `/api/jobs/${job.id}`)).body.applicants, { timeout: 10_000 }).toBe(1);
  });

  it('a person in the browser may leave model out; their messages are marked as from a person', async () => {
    const job = await postJob(poster, 'Browser apply');
    const session = await signIn(base, inject('mailDir'), { email: ann.email });
    const headers = sessionHeaders(base, session);
    const res = await api(base, `/api/jobs/${job.id}/applications`, { headers, body: { pitch: 'By hand.', acceptResponsibility: true } });
    expect(res.status).toBe(201);
    expect(res.body.model).toBeNull();
    const sent = await api(base, '/api/messages', { headers, body: { applicationId: res.body.id, body: 'Typed myself.' } });
    expect(sent.status).toBe(201);
    expect(sent.body.sentBy).toBe('person');
    const viaKey = await api(base, '/api/messages', { key: poster.key, body: { applicationId: res.body.id, body: 'Thanks.' } });
    expect(viaKey.body.sentBy).toBe('agent');
  });

  it('lists my applications newest first', async () => {
    const res = await api(base, '/api/me/applications', { key: ann.key });
    expect(res.status).toBe(200);
    const times = res.body.applications.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect(times.length).toBeGreaterThan(3);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await api(base, '/api/me/applications')).status).toBe(401);
  });

  it('limits applications per minute with 429 and Retry-After', async () => {
    const [busy] = (await createMembers(nats, 1)) as [TestMember];
    const jobs = await Promise.all(Array.from({ length: 6 }, (_, i) => postJob(i < 3 ? poster : ann, `Limit ${i}`)));
    for (const job of jobs.slice(0, 5)) {
      expect((await api(base, `/api/jobs/${job.id}/applications`, { key: busy.key, body: pitch() })).status).toBe(201);
    }
    const refused = await api(base, `/api/jobs/${jobs[5]!.id}/applications`, { key: busy.key, body: pitch() });
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.body.retryAfter).toBe(retry);
  });

  it('limits applications to 50 per UTC day with 429 and Retry-After until midnight UTC', async () => {
    const [busy] = (await createMembers(nats, 1)) as [TestMember];
    // Fifty earlier valid attempts today, as this service counts them (older than the per-minute window).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO applications.limit_attempts (bucket, subject, at, count, expires_at)
         SELECT 'applications', $1, at, 50, at + interval '1 day'
         FROM (SELECT GREATEST(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', now() - interval '61 seconds') AS at) t`,
        [busy.id],
      );
    } finally {
      await db.end();
    }
    const job = await postJob(poster, 'Daily limit');
    const refused = await api(base, `/api/jobs/${job.id}/applications`, { key: busy.key, body: pitch() });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/50 times per UTC day/);
    const retry = Number(refused.headers.get('retry-after'));
    const untilMidnight = (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000;
    expect(Math.abs(retry - untilMidnight)).toBeLessThan(5);
    // Nothing was written: the job still has no applicants.
    expect((await api(base, `/api/jobs/${job.id}/applicants`)).body.applicants).toEqual([]);
  });

  it('tells jobChangedSinceApplying once the job is edited (version moved)', async () => {
    // A fresh applicant: the others have used up this minute's applications.
    const [reader] = (await createMembers(nats, 1)) as [TestMember];
    const job = await postJob(poster, 'Version check');
    const app = (await api(base, `/api/jobs/${job.id}/applications`, { key: reader.key, body: pitch() })).body;
    const edited = await api(base, `/api/me/jobs/${job.id}`, { key: poster.key, method: 'PATCH', body: { title: 'Version check v2' } });
    expect(edited.status).toBe(200);
    expect(edited.body.version).toBe(2);
    const mine = (await api(base, '/api/me/applications', { key: reader.key })).body.applications.find((a: { id: string }) => a.id === app.id);
    expect(mine).toMatchObject({ jobChangedSinceApplying: true, appliedTo: { version: 1 }, job: { version: 2 } });
    expect(mine.appliedTo.title).toBe('Version check');
    const [late] = (await createMembers(nats, 1)) as [TestMember];
    const stale = await api(base, `/api/jobs/${job.id}/applications`, { key: late.key, body: pitch({ jobVersion: 1 }) });
    expect(stale.status).toBe(409);
    const list = (await api(base, `/api/me/jobs/${job.id}/applications`, { key: poster.key })).body.applications;
    expect(list[0]).toMatchObject({ jobChangedSinceApplying: true, appliedTo: { version: 1, title: 'Version check' } });
  });

  it('marks and sorts preferred workers first for the poster', async () => {
    const [owner, first, named] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const job = await postJob(owner, 'Preferred check', { preferred_workers: [named.id] });
    await api(base, `/api/jobs/${job.id}/applications`, { key: first.key, body: pitch() });
    await api(base, `/api/jobs/${job.id}/applications`, { key: named.key, body: pitch() });
    const list = (await api(base, `/api/me/jobs/${job.id}/applications`, { key: owner.key })).body.applications;
    expect(list.map((a: { worker: { id: string }; preferred: boolean }) => [a.worker.id, a.preferred])).toEqual([
      [named.id, true],
      [first.id, false],
    ]);
  });

  it('never lets a poster confirm a guessed email: an applicant named only by email is not marked preferred', async () => {
    const [owner, applicant, byName] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const job = await postJob(owner, 'Email guess check', { preferred_workers: [byName.name] });
    await api(base, `/api/jobs/${job.id}/applications`, { key: applicant.key, body: pitch() });
    await api(base, `/api/jobs/${job.id}/applications`, { key: byName.key, body: pitch() });
    const listOf = async () =>
      (await api(base, `/api/me/jobs/${job.id}/applications`, { key: owner.key })).body.applications.map(
        (a: { worker: { id: string }; preferred: boolean }) => [a.worker.id, a.preferred],
      );
    const before = await listOf();
    // The poster now "names" guesses, one of them the applicant's real address (any case).
    const guess = await api(base, `/api/me/jobs/${job.id}`, {
      method: 'PATCH',
      key: owner.key,
      body: { preferredWorkers: [applicant.email.toUpperCase(), 'wrong-guess@example.test'] },
    });
    expect(guess.status).toBe(200);
    const after = await listOf();
    expect(after).toEqual(before);
    expect(after).toEqual([
      [byName.id, true],
      [applicant.id, false],
    ]);
  });
});

describe('the public applicant list', () => {
  let poster: TestMember;
  let members: TestMember[];
  beforeAll(async () => {
    [poster, ...members] = (await createMembers(nats, 4)) as [TestMember, ...TestMember[]];
  });

  it('anonymous codenames by default, public rows for opted-in members, pages with nextOffset, never private fields', async () => {
    const [a, b, c] = members as [TestMember, TestMember, TestMember];
    const optIn = await api(base, '/api/me/profile', { key: b.key, method: 'PATCH', body: { applicantVisibility: 'public' } });
    expect(optIn.status).toBe(200);
    const job = await postJob(poster, 'Applicant list');
    const apps = [];
    for (const m of [a, b, c]) apps.push((await api(base, `/api/jobs/${job.id}/applications`, { key: m.key, body: pitch() })).body);
    const page1 = await api(base, `/api/jobs/${job.id}/applicants?limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.nextOffset).toBe(2);
    expect(page1.body.applicants).toHaveLength(2);
    expect(page1.body.applicants[0]).toEqual({ visibility: 'anonymous', id: apps[0].id, name: expect.stringMatching(/^[A-Z]\w+ [A-Z]\w+$/), photoUrl: null });
    expect(page1.body.applicants[1]).toEqual({
      visibility: 'public',
      id: b.id,
      name: b.name,
      headline: expect.any(String),
      photoUrl: null,
      city: 'Austin',
      state: 'TX',
      completedJobs: 0,
      rating: null,
      appliedAt: apps[1].createdAt,
    });
    const page2 = await api(base, `/api/jobs/${job.id}/applicants?offset=2&limit=2`);
    expect(page2.body.nextOffset).toBeNull();
    expect(page2.body.applicants.map((r: { id: string }) => r.id)).toEqual([apps[2].id]);
    // Stable: the same codename every time, and the same one the applicant sees on job details.
    const again = await api(base, `/api/jobs/${job.id}/applicants`);
    expect(again.body.applicants[0].name).toBe(page1.body.applicants[0].name);
    const details = await api(base, `/api/jobs/${job.id}/details`, { key: a.key });
    expect(details.body.application).toMatchObject({ applicantId: apps[0].id, applicantName: page1.body.applicants[0].name, visibility: 'anonymous' });
    const text = JSON.stringify(again.body);
    for (const m of [a, b, c]) expect(text).not.toContain(m.email);
    expect(text).not.toContain('I write well');
    expect(text).not.toContain(a.id);
    // Validation and unknown jobs.
    expect((await api(base, `/api/jobs/${job.id}/applicants?limit=51`)).status).toBe(400);
    expect((await api(base, `/api/jobs/${job.id}/applicants?offset=-1`)).status).toBe(400);
    expect((await api(base, '/api/jobs/00000000-0000-4000-8000-000000000000/applicants')).status).toBe(404);
    // The same list as an MCP tool, without sign-in.
    const tool = await mcp(base, 'tools/call', { name: 'list_job_applicants', arguments: { job_id: job.id, limit: 2 } });
    expect(toolResult(tool)).toEqual(page1.body);
  });

  it('orders applicants who were hired for more jobs first', async () => {
    const [a, b] = members as [TestMember, TestMember];
    // b gets hired once elsewhere.
    const other = await postJob(poster, 'Earlier hire');
    const hireApp = (await api(base, `/api/jobs/${other.id}/applications`, { key: b.key, body: pitch() })).body;
    expect((await api(base, `/api/me/job-applications/${hireApp.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);
    const job = await postJob(poster, 'Ranked list');
    const first = (await api(base, `/api/jobs/${job.id}/applications`, { key: a.key, body: pitch() })).body;
    await api(base, `/api/jobs/${job.id}/applications`, { key: b.key, body: pitch() });
    const list = await api(base, `/api/jobs/${job.id}/applicants`);
    expect(list.body.applicants.map((r: { id: string }) => r.id)).toEqual([b.id, first.id]);
    expect(list.body.applicants[0].completedJobs).toBe(1);
  });
});
