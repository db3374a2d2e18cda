import { operatorCreateApiKey } from '@marketplace/contracts';
import { api, createMember, createMembers, sessionHeaders, signIn, type TestMember, until, withOperatorBus } from '@marketplace/testing';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

/** A member with a key of one of the team surface's kinds, made by the operator as `key create --kind` does. */
async function keyOf(member: TestMember, kind: 'team' | 'candidate'): Promise<string> {
  return withOperatorBus(nats, async (call) => (await call(operatorCreateApiKey, { email: member.email, name: `${kind} key`, kind })).key);
}

async function teamWithOwner(name = 'Acme Research'): Promise<{ owner: TestMember; teamKey: string }> {
  const owner = await createMember(nats);
  const created = await api(base, '/api/team', { key: owner.key, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { owner, teamKey: await keyOf(owner, 'team') };
}

async function candidate(state = 'CA'): Promise<TestMember & { candidateKey: string }> {
  const member = await createMember(nats);
  const saved = await api(base, '/api/candidate/profile', { key: member.key, method: 'PUT', body: { state, usWorkAuthorized: true } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { ...member, candidateKey: await keyOf(member, 'candidate') };
}

/** Invites `member` to the owner's team and has them accept: the only way onto a team. */
async function join(inviterKey: string, member: TestMember, role: 'admin' | 'member' = 'member'): Promise<void> {
  const invited = await api(base, '/api/team/members', { key: inviterKey, body: { email: member.email, role } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(202);
  const { invitations } = (await api(base, '/api/me/team-invitations', { key: member.key })).body;
  const accepted = await api(base, `/api/me/team-invitations/${invitations[0].id}/accept`, { key: member.key, method: 'POST' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

const teamJob = (over: Record<string, unknown> = {}) => ({
  title: 'label a thousand receipts',
  budget: 500,
  constraints: '## Scope\nLabel each receipt by category.',
  acceptListingFee: true,
  ...over,
});

async function postTeamJob(key: string, over: Record<string, unknown> = {}): Promise<{ id: string; [k: string]: unknown }> {
  const res = await api(base, '/api/team/jobs', { key, body: teamJob(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('teams: create, read, rename, invite, roles', () => {
  it('the creator owns the team; GET /api/team shows the team, role, members and jobs', async () => {
    const { owner } = await teamWithOwner('Acme Research');
    const team = await api(base, '/api/team', { key: owner.key });
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({
      team: { id: expect.any(String), name: 'Acme Research' },
      role: 'owner',
      members: [{ id: owner.id, email: owner.email, role: 'owner' }],
      jobs: [],
    });
    // One team per member.
    expect((await api(base, '/api/team', { key: owner.key, body: { name: 'Second' } })).status).toBe(409);
  });

  it('owner and admin rename and invite; a plain member is refused with 403 naming the role', async () => {
    const { owner } = await teamWithOwner('Before');
    const [admin, plain, outsider] = await createMembers(nats, 3);
    await join(owner.key, admin!, 'admin');
    await join(admin!.key, plain!);
    const renamed = await api(base, '/api/team', { key: admin!.key, method: 'PATCH', body: { name: 'After' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.team.name).toBe('After');
    expect(renamed.body.role).toBe('admin');
    expect(renamed.body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'member']);

    const refused = await api(base, '/api/team', { key: plain!.key, method: 'PATCH', body: { name: 'Mine now' } });
    expect(refused.status).toBe(403);
    expect(refused.body.fields).toEqual({ role: expect.any(String) });
    expect((await api(base, '/api/team/members', { key: plain!.key, body: { email: outsider!.email } })).status).toBe(403);
    // Someone already on a team may be invited (the answer tells nothing), but cannot accept until they leave.
    const other = await teamWithOwner('Other');
    expect((await api(base, '/api/team/members', { key: owner.key, body: { email: other.owner.email } })).status).toBe(202);
    const waiting = (await api(base, '/api/me/team-invitations', { key: other.owner.key })).body.invitations;
    expect(waiting).toMatchObject([{ team: { name: 'After' }, role: 'member', invitedBy: owner.name }]);
    expect((await api(base, `/api/me/team-invitations/${waiting[0].id}/accept`, { key: other.owner.key, method: 'POST' })).status).toBe(409);
  });

  it('400 with fields, 401 without credentials, 404 when on no team', async () => {
    const loner = await createMember(nats);
    const bad = await api(base, '/api/team', { key: loner.key, body: { name: 'two\nlines' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['name']);
    expect((await api(base, '/api/team', { method: 'PATCH', body: { name: 'x' } })).status).toBe(401);
    expect((await api(base, '/api/team')).status).toBe(401);
    expect((await api(base, '/api/team', { key: loner.key })).status).toBe(404);
  });

  it('team keys are made under company settings in the browser, by an owner or admin; candidate keys too', async () => {
    const member = await signIn(base, mailDir);
    const headers = sessionHeaders(base, member);
    expect((await api(base, '/api/team/api-keys', { headers, body: { name: 'Hiring agent' } })).status).toBe(404);
    expect((await api(base, '/api/team', { headers, body: { name: 'Browser Co' } })).status).toBe(201);
    const made = await api(base, '/api/team/api-keys', { headers, body: { name: 'Hiring agent' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: 'Hiring agent', kind: 'team', key: expect.stringMatching(/^tl_/) });
    // The key answers the team surface on the shared path, and cannot mint more keys.
    const board = await api(base, '/api/jobs?limit=5', { key: made.body.key });
    expect(board.status).toBe(200);
    expect(board.body.total).toBeUndefined();
    expect((await api(base, '/api/team/api-keys', { key: made.body.key, body: { name: 'More' } })).status).toBe(403);
    const cand = await api(base, '/api/candidate/api-keys', { headers, body: { name: 'Job hunting agent' } });
    expect(cand.status).toBe(201);
    expect(cand.body.kind).toBe('candidate');
  });
});

describe('team jobs: budgets, the listing-fee ledger, limits, closing, performance', () => {
  let owner: TestMember;
  let teamKey: string;
  beforeAll(async () => {
    ({ owner, teamKey } = await teamWithOwner('Ledger Inc'));
  });

  it('posts with a budget (201), records a $1 fee never charged, and lists it', async () => {
    const job = await postTeamJob(teamKey);
    expect(job).toMatchObject({
      id: expect.any(String),
      company: 'Ledger Inc',
      title: 'label a thousand receipts',
      budget: 500,
      status: 'open',
      constraints: expect.stringContaining('Label each receipt'),
      createdAt: expect.any(String),
      closesAt: expect.any(String),
    });
    expect(Date.parse(job.closesAt as string) - Date.parse(job.createdAt as string)).toBe(14 * 86_400_000);
    const listed = await api(base, '/api/team/jobs', { key: owner.key });
    expect(listed.body.jobs.map((j: { id: string }) => j.id)).toContain(job.id);
    expect((await api(base, '/api/team', { key: owner.key })).body.jobs[0].id).toBe(job.id);

    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      const fees = await db.query('SELECT amount_dollars, charged FROM jobs.listing_fees WHERE job_id = $1', [job.id]);
      expect(fees.rows).toEqual([{ amount_dollars: 1, charged: false }]);
    } finally {
      await db.end();
    }
  });

  it('refuses bad titles, budgets, fee refusal and credentials with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'Label Receipts' }, 'title'],
      [{ title: 'two\nlines' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ budget: 0 }, 'budget'],
      [{ budget: 1_000_001 }, 'budget'],
      [{ budget: 10.5 }, 'budget'],
      [{ budget: '100' }, 'budget'],
      [{ acceptListingFee: false }, 'acceptListingFee'],
      [{ constraints: 'y'.repeat(4001) }, 'constraints'],
      [{ constraints: 'Use key AKIAIOSFODNN7EXAMPLE and secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY to upload.' }, 'constraints'],
    ];
    for (const [over, field] of cases) {
      const res = await api(base, '/api/team/jobs', { key: teamKey, body: teamJob(over) });
      expect(res.status, `${JSON.stringify(over)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(over)).toContain(field);
    }
    expect((await postTeamJob(teamKey, { budget: 1 })).budget).toBe(1);
    expect((await postTeamJob(teamKey, { budget: 1_000_000 })).budget).toBe(1_000_000);
    const loner = await createMember(nats);
    const notOnTeam = await api(base, '/api/team/jobs', { key: loner.key, body: teamJob() });
    expect(notOnTeam.status).toBe(403);
    expect(notOnTeam.body.fields).toEqual({ team: expect.any(String) });
  });

  it('closes an open job once (then 409); another team gets 404', async () => {
    const job = await postTeamJob(teamKey);
    const other = await teamWithOwner('Elsewhere');
    expect((await api(base, `/api/team/jobs/${job.id}/close`, { key: other.teamKey, method: 'POST' })).status).toBe(404);
    const closed = await api(base, `/api/team/jobs/${job.id}/close`, { key: owner.key, method: 'POST' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: job.id, status: 'closed', closesAt: null });
    expect((await api(base, `/api/team/jobs/${job.id}/close`, { key: owner.key, method: 'POST' })).status).toBe(409);
    const board = await api(base, '/api/jobs?limit=200', { key: teamKey });
    expect(board.body.jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);
  });

  it('performance over 7, 30 or 90 days', async () => {
    const res = await api(base, '/api/team/performance?days=7', { key: owner.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ days: 7, jobsPosted: expect.any(Number), listingFeesRecorded: expect.any(Number) });
    expect(res.body.jobsPosted).toBeGreaterThanOrEqual(4);
    expect(res.body.listingFeesRecorded).toBe(res.body.jobsPosted);
    expect(res.body.closed).toBeGreaterThanOrEqual(1);
    expect((await api(base, '/api/team/performance', { key: owner.key })).body.days).toBe(30);
    const bad = await api(base, '/api/team/performance?days=14', { key: owner.key });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['days']);
  });
});

describe('candidates', () => {
  it('profile: US state or DC, work authorization must be true; verification unavailable', async () => {
    const member = await createMember(nats);
    expect((await api(base, '/api/candidate', { key: member.key })).body).toEqual({ id: member.id, profile: null });
    const early = await api(base, '/api/candidate/verification', { key: member.key, method: 'POST' });
    expect(early.status).toBe(503);
    expect(early.body.error).toEqual(expect.any(String));
    for (const [body, field] of [
      [{ state: 'XX', usWorkAuthorized: true }, 'state'],
      [{ state: 'CA', usWorkAuthorized: false }, 'usWorkAuthorized'],
      [{ state: 'CA' }, 'usWorkAuthorized'],
      [{ usWorkAuthorized: true }, 'state'],
    ] as const) {
      const res = await api(base, '/api/candidate/profile', { key: member.key, method: 'PUT', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    const saved = await api(base, '/api/candidate/profile', { key: member.key, method: 'PUT', body: { state: 'DC', usWorkAuthorized: true } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: member.id, profile: { state: 'DC', usWorkAuthorized: true } });
    expect((await api(base, '/api/candidate', { key: member.key })).body.profile.state).toBe('DC');
    expect((await api(base, '/api/candidate/verification', { key: member.key })).body).toEqual({ status: 'unavailable' });
    const start = await api(base, '/api/candidate/verification', { key: member.key, method: 'POST' });
    expect(start.status).toBe(503);
    expect(start.body.error).toEqual(expect.any(String));
  });

  it('applies once per job with a saved profile, lists and withdraws while waiting', async () => {
    const { teamKey } = await teamWithOwner('Apply Co');
    const job = await postTeamJob(teamKey);
    const fresh = await createMember(nats);
    const freshKey = await keyOf(fresh, 'candidate');
    const noProfile = await api(base, `/api/jobs/${job.id}/applications`, { key: freshKey, body: { pitch: 'Me!' } });
    expect(noProfile.status).toBe(403);

    const ann = await candidate('NY');
    const applied = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.candidateKey, body: { pitch: 'I label fast.', agent: 'helper' } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toMatchObject({
      jobId: job.id,
      company: 'Apply Co',
      budget: 500,
      status: 'submitted',
      pitch: 'I label fast.',
      agent: 'helper',
      candidate: { id: ann.id, state: 'NY' },
      contact: null,
    });
    expect((await api(base, `/api/jobs/${job.id}/applications`, { key: ann.candidateKey, body: { pitch: 'Again' } })).status).toBe(409);
    const bad = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.candidateKey, body: { pitch: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['pitch']);

    const mine = await api(base, '/api/candidate/applications', { key: ann.key });
    expect(mine.body.applications.map((a: { id: string }) => a.id)).toEqual([applied.body.id]);
    const withdrawn = await api(base, `/api/candidate/applications/${applied.body.id}/withdraw`, { key: ann.key, method: 'POST' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await api(base, `/api/candidate/applications/${applied.body.id}/withdraw`, { key: ann.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/candidate/applications/${applied.body.id}/withdraw`, { key: fresh.key, method: 'POST' })).status).toBe(404);
  });
});

describe('the shared paths answer by credential', () => {
  let teamKey: string;
  let job: { id: string };
  let ann: TestMember & { candidateKey: string };
  beforeAll(async () => {
    ({ teamKey } = await teamWithOwner('Shared Paths Ltd'));
    job = await postTeamJob(teamKey, { title: 'shared path job' });
    ann = await candidate();
  });

  it('GET /api/jobs: team and candidate keys get {jobs} of team jobs; others get the member board', async () => {
    for (const key of [teamKey, ann.candidateKey]) {
      const res = await api(base, '/api/jobs?limit=200', { key });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['jobs']);
      const row = res.body.jobs.find((j: { id: string }) => j.id === job.id);
      expect(Object.keys(row).sort()).toEqual(['budget', 'closesAt', 'company', 'constraints', 'createdAt', 'id', 'status', 'title']);
      expect(row).toMatchObject({ company: 'Shared Paths Ltd', budget: 500, status: 'open' });
      const times = res.body.jobs.map((j: { createdAt: string }) => Date.parse(j.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect((await api(base, '/api/jobs?limit=1', { key: teamKey })).body.jobs).toHaveLength(1);
    const tooMany = await api(base, '/api/jobs?limit=201', { key: teamKey });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.fields)).toEqual(['limit']);

    for (const key of [ann.key, undefined]) {
      const member = await api(base, '/api/jobs?limit=200', key ? { key } : {});
      expect(member.status).toBe(200);
      expect(member.body.total).toEqual(expect.any(Number));
      expect(member.body.jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);
    }
  });

  it('POST /api/jobs/{id}/applications: the team shape for a candidate key, the member shape for a member key', async () => {
    const poster = await createMember(nats);
    const memberJob = (await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Member job', category: 'data', constraints: '## Scope\nRows.' } }))
      .body;
    // A candidate key sees only team jobs on this path, a member key only member jobs.
    expect((await api(base, `/api/jobs/${memberJob.id}/applications`, { key: ann.candidateKey, body: { pitch: 'Hi' } })).status).toBe(404);
    const asMember = await api(base, `/api/jobs/${job.id}/applications`, {
      key: ann.key,
      body: { pitch: 'Hi', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(asMember.status).toBe(404);
    const memberApplied = await api(base, `/api/jobs/${memberJob.id}/applications`, {
      key: ann.key,
      body: { pitch: 'Hi', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(memberApplied.status, JSON.stringify(memberApplied.body)).toBe(201);
    expect(memberApplied.body.company).toBeUndefined();
    // The member body's fields are unknown to the team operation, and the other way round.
    const mixed = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.candidateKey, body: { pitch: 'Hi', acceptResponsibility: true } });
    expect(mixed.status).toBe(400);
    const teamApplied = await api(base, `/api/jobs/${job.id}/applications`, { key: ann.candidateKey, body: { pitch: 'Hi' } });
    expect(teamApplied.status).toBe(201);
    expect(teamApplied.body.company).toBe('Shared Paths Ltd');
  });

  it('OpenAPI documents both operations on each shared path', async () => {
    const doc = (await api(base, '/api/openapi.json')).body;
    for (const [path, method, variant] of [
      ['/api/jobs', 'get', 'listTeamBoard'],
      ['/api/jobs/{id}/applications', 'post', 'applyToTeamJob'],
    ] as const) {
      const op = doc.paths[path][method];
      expect(op.description).toContain('Answered by credential');
      expect(op['x-credential-variants'].map((v: { operationId: string }) => v.operationId)).toEqual([variant]);
    }
  });
});

describe('team hiring: exactly one of many concurrent accepts wins', () => {
  it('20 candidates, 20 concurrent accepts: one 200, nineteen 409, job filled, others declined, emails exchanged', async () => {
    const { owner, teamKey } = await teamWithOwner('Race Corp');
    const job = await postTeamJob(teamKey, { title: 'race to hire' });
    const people = await Promise.all(Array.from({ length: 20 }, () => candidate()));
    const apps = await Promise.all(
      people.map(async (p) => {
        const res = await api(base, `/api/jobs/${job.id}/applications`, { key: p.candidateKey, body: { pitch: 'Pick me.' } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.id as string;
      }),
    );
    const results = await Promise.all(apps.map((id) => api(base, `/api/team/applications/${id}/accept`, { key: teamKey, method: 'POST' })));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)!.body;
    const hired = people.find((p) => p.id === winner.candidate.id)!;
    expect(winner).toMatchObject({ status: 'accepted', contact: { name: hired.name, email: hired.email } });

    const list = await api(base, `/api/team/jobs/${job.id}/applications`, { key: owner.key });
    expect(list.status).toBe(200);
    const statuses = list.body.applications.map((a: { status: string }) => a.status);
    expect(statuses.filter((s: string) => s === 'accepted')).toHaveLength(1);
    expect(statuses.filter((s: string) => s === 'declined')).toHaveLength(19);
    for (const a of list.body.applications) expect(a.contact === null).toBe(a.status !== 'accepted');

    // The candidate gets the team's contact: the member who accepted (through the owner's team key).
    const theirs = (await api(base, '/api/candidate/applications', { key: hired.key })).body.applications[0];
    expect(theirs).toMatchObject({ status: 'accepted', contact: { name: owner.name, email: owner.email } });
    const loser = people.find((p) => p.id !== hired.id)!;
    expect((await api(base, '/api/candidate/applications', { key: loser.key })).body.applications[0]).toMatchObject({ status: 'declined', contact: null });

    const mine = (await api(base, '/api/team/jobs', { key: owner.key })).body.jobs.find((j: { id: string }) => j.id === job.id);
    expect(mine).toMatchObject({ status: 'filled', closesAt: null });
    expect((await api(base, '/api/jobs?limit=200', { key: teamKey })).body.jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);
    expect((await api(base, `/api/team/jobs/${job.id}/close`, { key: owner.key, method: 'POST' })).status).toBe(409);

    // Alerts: the poster hears of applications, the hired candidate of the hire, the others of the decline.
    const kinds = async (key: string) =>
      until<string[]>(
        async () => {
          const res = await api(base, '/api/me/notifications/deliver', { key, method: 'POST' });
          const found = (res.body.conversations ?? []).flatMap((c: { alerts: Array<{ kind: string }> }) => c.alerts.map((a) => a.kind));
          return found.length ? found : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 100, what: 'team alerts' },
      );
    expect(await kinds(owner.key)).toContain('team_application.submitted');
    expect(await kinds(hired.key)).toContain('team_application.accepted');
    expect(await kinds(loser.key)).toContain('team_application.declined');
    const perf = await api(base, '/api/team/performance?days=7', { key: owner.key });
    expect(perf.body).toMatchObject({ filled: 1 });
    await until(async () => ((await api(base, '/api/team/performance?days=7', { key: owner.key })).body.applications === 20 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 100,
      what: 'applications counted',
    });
  }, 60_000);

  it('decline once (then 409); other teams and candidates get 404', async () => {
    const { owner, teamKey } = await teamWithOwner('Decline Co');
    const job = await postTeamJob(teamKey);
    const bob = await candidate();
    const app = (await api(base, `/api/jobs/${job.id}/applications`, { key: bob.candidateKey, body: { pitch: 'Me.' } })).body;
    const other = await teamWithOwner('Nosy Co');
    expect((await api(base, `/api/team/applications/${app.id}/decline`, { key: other.teamKey, method: 'POST' })).status).toBe(404);
    expect((await api(base, `/api/team/applications/${app.id}/accept`, { key: bob.key, method: 'POST' })).status).toBe(404);
    expect((await api(base, `/api/team/jobs/${job.id}/applications`, { key: other.owner.key })).status).toBe(404);
    const declined = await api(base, `/api/team/applications/${app.id}/decline`, { key: owner.key, method: 'POST' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', contact: null });
    expect((await api(base, `/api/team/applications/${app.id}/decline`, { key: owner.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/team/applications/${app.id}/accept`, { key: owner.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/candidate/applications/${app.id}/withdraw`, { key: bob.key, method: 'POST' })).status).toBe(409);
  });
});

describe('team hiring while the jobs service is away', () => {
  it('answers 503 and changes nothing; the same accept succeeds once jobs is back', async () => {
    const { owner, teamKey } = await teamWithOwner('Outage Co');
    const job = await postTeamJob(teamKey, { title: 'outage hire' });
    const [ann, bob] = await Promise.all([candidate(), candidate()]);
    const app = (await api(base, `/api/jobs/${job.id}/applications`, { key: ann.candidateKey, body: { pitch: 'Me.' } })).body;
    const other = (await api(base, `/api/jobs/${job.id}/applications`, { key: bob.candidateKey, body: { pitch: 'Me too.' } })).body;
    await service('stop', 'jobs');
    try {
      const res = await api(base, `/api/team/applications/${app.id}/accept`, { key: owner.key, method: 'POST' });
      expect(res.status).toBe(503);
    } finally {
      await service('start', 'jobs');
    }
    await expect.poll(async () => (await api(base, '/api/team/jobs', { key: owner.key })).status, { timeout: 15_000 }).toBe(200);
    const list = (await api(base, `/api/team/jobs/${job.id}/applications`, { key: owner.key })).body.applications;
    expect(list.map((a: { status: string }) => a.status)).toEqual(['submitted', 'submitted']);
    expect((await api(base, '/api/team/jobs', { key: owner.key })).body.jobs.find((j: { id: string }) => j.id === job.id).status).toBe('open');
    const res = await api(base, `/api/team/applications/${app.id}/accept`, { key: owner.key, method: 'POST' });
    expect(res.status).toBe(200);
    const after = (await api(base, `/api/team/jobs/${job.id}/applications`, { key: owner.key })).body.applications;
    expect(after.find((a: { id: string }) => a.id === other.id).status).toBe('declined');
  });
});
