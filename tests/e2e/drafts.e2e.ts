import { memberDeletedV1 } from '@marketplace/contracts';
import { api, createMember, createMembers, dbQuery, mcp, signIn, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { mcpToken } from './support/mcp-token.js';

/**
 * Guided job drafts without a model configured: the interview, the background tasks in the
 * drafts worker (built-in fallbacks, which say so), the part-by-part review and posting through
 * the job board's own rules, on REST and over MCP with a real OAuth token.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

type Draft = Record<string, any>;
const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });
const draftOf = async (m: TestMember, id: string): Promise<Draft> => (await call(m, `/api/me/job-drafts/${id}`)).body;

/** Polls the draft until none of its tasks is pending, as a client is told to. */
async function settled(m: TestMember, id: string): Promise<Draft> {
  return until(
    async () => {
      const d = await draftOf(m, id);
      return Object.values(d.tasks).some((t: any) => t?.status === 'pending') ? undefined : d;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'draft tasks to finish' },
  );
}

/** Answers every follow-up question with its first option (or a sentence), one PATCH each. */
async function answerFollowUps(m: TestMember, draft: Draft): Promise<Draft> {
  let d = draft;
  while (d.nextQuestion) {
    const q = d.nextQuestion;
    const value = q.answerIds[0] === 'category' ? 'engineering' : (q.options[0] ?? 'A green run of the nightly export.');
    const res = await call(m, `/api/me/job-drafts/${d.id}`, 'PATCH', { answers: { [q.answerIds[0]]: value } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    d = res.body;
  }
  return d;
}

async function writeAndWait(m: TestMember, id: string): Promise<Draft> {
  const res = await call(m, `/api/me/job-drafts/${id}/writing`, 'POST', {});
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.tasks.writing).toMatchObject({ status: 'pending', error: null, finishedAt: null });
  expect(res.body.readiness.needs).toMatch(/written/);
  const done = await settled(m, id);
  expect(done.tasks.writing.status).toBe('ready');
  return done;
}

async function approveAll(m: TestMember, id: string): Promise<Draft> {
  let d: Draft | undefined;
  for (const part of ['evaluation', 'summary', 'details', 'visibility']) {
    const res = await call(m, `/api/me/job-drafts/${id}/approvals`, 'POST', { part });
    expect(res.status, `${part}: ${JSON.stringify(res.body)}`).toBe(200);
    d = res.body;
  }
  return d!;
}

const PROBLEM = 'Our nightly CSV export times out.\nIt stopped finishing last week.';
const CONTEXT = 'We are a five person shop. The export runs on a small Postgres database.';

describe('guided drafts on REST (no model configured)', () => {
  it('runs the interview: opening questions, research unavailable without a model, follow-ups, numbered questions', async () => {
    const member = await createMember(nats);
    const started = await call(member, '/api/me/job-drafts', 'POST', { answers: { context: CONTEXT } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const d0 = started.body;
    expect(d0).toMatchObject({
      status: 'open',
      jobId: null,
      posterVisibility: 'public',
      previewPath: `/drafts/${d0.id}`,
      answers: { context: CONTEXT },
      missing: ['problem'],
      research: null,
      researchCorrection: null,
      followUps: [],
      posting: null,
      postingStale: false,
      recording: null,
      exposures: [],
      answerExposures: [],
      tasks: { research: null, followUps: null, writing: null },
      costs: { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null },
      nextQuestion: {
        answerIds: ['problem'],
        question: 'What problem are you facing, or what result do you want?',
        options: [],
        number: null,
        total: null,
        remaining: 0,
      },
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(d0.previewUrl).toBeUndefined();
    // An agent reading review.next on a new draft meets the first part, never null.
    const unwritten = { text: '', approved: false };
    expect(d0.review).toEqual({ evaluation: unwritten, summary: unwritten, details: unwritten, visibility: unwritten, next: 'evaluation', ready: false });
    expect(d0.readiness).toEqual({ score: 15, needs: expect.stringContaining('What problem are you facing') });

    // Writing needs the problem (the one required answer).
    const early = await call(member, `/api/me/job-drafts/${d0.id}/writing`, 'POST', {});
    expect(early.status).toBe(400);
    expect(Object.keys(early.body.fields)).toEqual(['problem']);
    const unknown = await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { answers: { budget: '100' } });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields)).toEqual(['answers']);

    const answered = await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { answers: { problem: PROBLEM } });
    expect(answered.status).toBe(200);
    expect(answered.body.missing).toEqual([]);
    expect(answered.body.tasks.research).toMatchObject({ status: 'pending', startedAt: expect.stringMatching(ISO), finishedAt: null, error: null });
    expect(answered.body.tasks.followUps).toMatchObject({ status: 'pending' });
    // No question while the follow-ups are being written.
    expect(answered.body.nextQuestion).toBeNull();

    const d1 = await settled(member, d0.id);
    // Without a model the research says it is unavailable; it does not hand the answers back as findings.
    expect(d1.tasks.research).toMatchObject({
      status: 'failed',
      step: 'unavailable',
      error: expect.stringMatching(/^Research is unavailable: this service has no research model/),
      finishedAt: expect.stringMatching(ISO),
    });
    expect(d1.research).toBeNull();
    expect(d1.followUps.length).toBe(5);
    expect(d1.nextQuestion).toMatchObject({ answerIds: ['deliverables'], number: 1, total: 5, remaining: 4 });
    expect(d1.nextQuestion.options.length).toBeGreaterThan(0);
    expect(d1.costs.calls).toBe(0);

    const second = await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { answers: { deliverables: 'A patch and a short report' } });
    expect(second.body.nextQuestion).toMatchObject({ answerIds: ['timeline'], number: 2, total: 5, remaining: 3 });
    const done = await answerFollowUps(member, second.body);
    expect(done.nextQuestion).toBeNull();
    expect(done.followUps.every((f: any) => f.answered)).toBe(true);
    expect(done.readiness.needs).toMatch(/Write the job description/);
  });

  it('writes the posting with the job eval, approves parts in order, goes stale on new answers, and posts a 201 job', async () => {
    const member = await createMember(nats);
    const d0 = (await call(member, '/api/me/job-drafts', 'POST', { answers: { problem: PROBLEM, context: CONTEXT } })).body;
    await answerFollowUps(member, await settled(member, d0.id));
    const written = await writeAndWait(member, d0.id);
    expect(written.posting).toMatchObject({
      title: 'Our nightly CSV export times out',
      category: 'engineering',
      writtenBy: 'template',
      writtenAt: expect.stringMatching(ISO),
      evaluation: { analyzed: false, score: expect.any(Number), gaps: [] },
    });
    expect(written.posting.description).toMatch(/^## Scope/);
    expect(written.posting.description).toMatch(/## Deliverables[\s\S]*## Timeline[\s\S]*## Access[\s\S]*## Proof of work/);
    expect(written.review).toMatchObject({
      evaluation: { approved: false },
      summary: { text: expect.stringContaining('Our nightly CSV export times out') },
      details: { text: written.posting.description },
      visibility: { text: expect.stringMatching(/^Public/) },
      next: 'evaluation',
      ready: false,
    });

    const evalRes = await call(member, `/api/me/job-drafts/${d0.id}/eval`);
    expect(evalRes.status).toBe(200);
    expect(evalRes.body).toEqual({
      draftId: d0.id,
      evaluation: written.posting.evaluation,
      task: written.tasks.writing,
      stale: false,
      jobId: null,
      jobVersion: null,
    });

    // Out of order is 409; in order moves review.next.
    expect((await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'summary' })).status).toBe(409);
    expect((await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'everything' })).status).toBe(400);
    const first = await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'evaluation' });
    expect(first.body.review).toMatchObject({ next: 'summary', ready: false, evaluation: { approved: true } });
    const second = await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'summary' });
    expect(second.body.review.next).toBe('details');

    // Editing a part unapproves it.
    const edited = await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { title: 'Make the nightly CSV export finish again' });
    expect(edited.status).toBe(200);
    expect(edited.body.review).toMatchObject({ summary: { approved: false }, evaluation: { approved: true }, next: 'summary' });
    expect(edited.body.posting.title).toBe('Make the nightly CSV export finish again');
    expect((await call(member, `/api/me/job-drafts/${d0.id}/post`, 'POST', {})).status).toBe(409);

    // New answers make the posting stale: approval and posting refuse until it is rewritten.
    const changed = await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { answers: { timeline: 'By Friday' } });
    expect(changed.body.postingStale).toBe(true);
    expect((await call(member, `/api/me/job-drafts/${d0.id}/eval`)).body.stale).toBe(true);
    expect((await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'summary' })).status).toBe(409);
    const rewritten = await writeAndWait(member, d0.id);
    expect(rewritten.postingStale).toBe(false);
    expect(rewritten.posting.description).toContain('By Friday');
    expect(rewritten.review).toMatchObject({ next: 'evaluation', evaluation: { approved: false } });

    const approved = await approveAll(member, d0.id);
    expect(approved.review).toMatchObject({ next: null, ready: true });
    expect(approved.readiness).toMatchObject({ needs: 'Post the job.' });

    const posted = await call(member, `/api/me/job-drafts/${d0.id}/post`, 'POST', {});
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({
      title: rewritten.posting.title,
      category: 'engineering',
      constraints: rewritten.posting.description,
      status: 'open',
      version: 1,
      posterVisibility: 'public',
      postedBy: { id: member.id },
    });
    const publicJob = await api(base, `/api/jobs/${posted.body.id}`, { key: member.key });
    expect(publicJob.status).toBe(200);
    const after = await draftOf(member, d0.id);
    expect(after).toMatchObject({ status: 'posted', jobId: posted.body.id, nextQuestion: null });
    expect((await call(member, `/api/me/job-drafts/${d0.id}/post`, 'POST', {})).status).toBe(409);
    expect((await call(member, `/api/me/job-drafts/${d0.id}`, 'DELETE')).status).toBe(409);
    expect((await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { answers: { timeline: 'Later' } })).status).toBe(409);
    const list = await call(member, '/api/me/job-drafts');
    expect(list.body.drafts.map((d: any) => d.id)).not.toContain(d0.id);
  });

  it('refuses credentials, asks to acknowledge personal details, and names preferred workers through the board', async () => {
    const [member, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const d0 = (
      await call(member, '/api/me/job-drafts', 'POST', {
        answers: { problem: 'Fix our invoice emails', context: 'Write to ops@acme-example.com with questions.' },
      })
    ).body;
    expect(d0.answerExposures).toEqual([expect.objectContaining({ kind: 'personal', label: 'email address', field: 'context' })]);
    expect(JSON.stringify(d0.answerExposures)).not.toContain('ops@acme-example.com');
    await settled(member, d0.id);
    await writeAndWait(member, d0.id);
    await approveAll(member, d0.id);
    const withEmail = await draftOf(member, d0.id);
    expect(withEmail.exposures).toEqual([expect.objectContaining({ kind: 'personal', field: 'description' })]);

    const refused = await call(member, `/api/me/job-drafts/${d0.id}/post`, 'POST', {});
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['constraints']);
    expect((await draftOf(member, d0.id)).status).toBe('open');

    // A credential pasted into the description: a secret exposure, refused even when acknowledged.
    const secret = `password=${'Zq9'.repeat(5)}`;
    const leaked = await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { description: `## Scope\n\nFix it. ${secret}` });
    expect(leaked.body.exposures).toEqual([expect.objectContaining({ kind: 'secret', field: 'description' })]);
    expect(JSON.stringify(leaked.body.exposures)).not.toContain(secret);
    expect(leaked.body.review).toMatchObject({ details: { approved: false }, next: 'details' });
    await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'details' });
    const credential = await call(member, `/api/me/job-drafts/${d0.id}/post`, 'POST', { acknowledgeExposures: true });
    expect(credential.status).toBe(400);

    await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { description: '## Scope\n\nFix the invoice emails. Questions to ops@acme-example.com.' });
    await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'details' });
    const tooMany = await call(member, `/api/me/job-drafts/${d0.id}/post`, 'POST', {
      acknowledgeExposures: true,
      preferredWorkers: Array.from({ length: 11 }, (_, i) => `w${i}`),
    });
    expect(tooMany.status).toBe(400);
    const posted = await call(member, `/api/me/job-drafts/${d0.id}/post`, 'POST', { acknowledgeExposures: true, preferredWorkers: [worker.id] });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const seen = await api(base, `/api/jobs/${posted.body.id}`, { key: worker.key });
    expect(seen.body.hasPreferredWorker).toBe(true);
  });

  it('keeps drafts private, lists open ones most recently worked on first, and discards', async () => {
    const [owner, other] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const older = (await call(owner, '/api/me/job-drafts', 'POST', { answers: { problem: 'First job idea' } })).body;
    const newer = (await call(owner, '/api/me/job-drafts', 'POST', { answers: { problem: 'Second job idea' }, posterVisibility: 'anonymous' })).body;
    expect(newer.posterVisibility).toBe('anonymous');
    await call(owner, `/api/me/job-drafts/${older.id}`, 'PATCH', { answers: { problem: 'First job idea, reworded' } });

    const list = await call(owner, '/api/me/job-drafts');
    expect(list.status).toBe(200);
    expect(list.body.drafts.map((d: any) => d.id)).toEqual([older.id, newer.id]);
    expect(list.body.drafts[0]).toMatchObject({
      title: 'First job idea, reworded',
      previewPath: `/drafts/${older.id}`,
      readiness: { score: expect.any(Number), needs: expect.any(String) },
    });

    for (const path of [`/api/me/job-drafts/${older.id}`, `/api/me/job-drafts/${older.id}/eval`]) {
      expect((await call(other, path)).status).toBe(404);
    }
    expect((await call(other, `/api/me/job-drafts/${older.id}`, 'DELETE')).status).toBe(404);
    expect((await call(other, `/api/me/job-drafts/${older.id}/approvals`, 'POST', { part: 'evaluation' })).status).toBe(404);
    expect((await call(owner, '/api/me/job-drafts/not-a-draft')).status).toBe(404);
    expect((await call(other, '/api/me/job-drafts')).body.drafts).toEqual([]);
    expect((await api(base, '/api/me/job-drafts')).status).toBe(401);

    expect((await call(owner, `/api/me/job-drafts/${newer.id}/approvals`, 'POST', { part: 'evaluation' })).status).toBe(400);
    const discarded = await call(owner, `/api/me/job-drafts/${older.id}`, 'DELETE');
    expect(discarded.status).toBe(200);
    expect(discarded.body.status).toBe('discarded');
    expect((await call(owner, `/api/me/job-drafts/${older.id}`)).status).toBe(404);
    expect((await call(owner, `/api/me/job-drafts/${older.id}`, 'DELETE')).status).toBe(404);
    expect((await call(owner, '/api/me/job-drafts')).body.drafts.map((d: any) => d.id)).toEqual([newer.id]);
  });
});

describe('account deletion', () => {
  it('removes every draft of the member, once, whatever the redeliveries', async () => {
    const [gone, stays] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const mine = (await call(gone, '/api/me/job-drafts', 'POST', { answers: { problem: 'Clean the gutters' } })).body;
    const theirs = (await call(stays, '/api/me/job-drafts', 'POST', { answers: { problem: 'Mow the lawn' } })).body;
    // Read the drafts schema directly: the member's own credentials may already be gone.
    const rowsOf = (memberId: string) => dbQuery(inject('databaseUrl'), 'SELECT id FROM drafts.job_drafts WHERE member_id = $1', [memberId]);
    expect(await rowsOf(gone.id)).toEqual([{ id: mine.id }]);
    const event = { memberId: gone.id, deletedAt: new Date().toISOString() };
    await publishEvent(nats, memberDeletedV1, event);
    await publishEvent(nats, memberDeletedV1, event);
    await until(async () => (await rowsOf(gone.id)).length === 0, { what: 'the drafts to be deleted' });
    expect(await rowsOf(stays.id)).toEqual([{ id: theirs.id }]);
    // Its count against the draft-start limit goes too; the other member's stays.
    const startsOf = (memberId: string) => dbQuery(inject('databaseUrl'), `SELECT bucket FROM drafts.limit_attempts WHERE subject = $1`, [memberId]);
    expect(await startsOf(gone.id)).toEqual([]);
    expect(await startsOf(stays.id)).toEqual([{ bucket: 'draft_starts' }]);
    expect((await call(stays, `/api/me/job-drafts/${theirs.id}`)).status).toBe(200);
  });
});

describe('the draft page at previewPath', () => {
  it('shows the owner the draft; anyone else gets 404, and a signed-out visitor is sent to sign in', async () => {
    const [owner, other] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const [ownerSession, otherSession] = await Promise.all([owner, other].map((m) => signIn(base, inject('mailDir'), { email: m.email })));
    const d = (await call(owner, '/api/me/job-drafts', 'POST', { answers: { problem: 'Paint the <b>fence</b>', context: 'A garden.' } })).body;
    await settled(owner, d.id);
    const page = await fetch(`${base}${d.previewPath}`, { headers: { cookie: ownerSession!.cookie! } });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('What exactly should the worker hand over?');
    expect(body).toContain('Paint the &lt;b&gt;fence&lt;/b&gt;');
    expect(body).not.toContain('<b>fence</b>');
    expect((await fetch(`${base}${d.previewPath}`, { headers: { cookie: otherSession!.cookie! } })).status).toBe(404);
    // A signed-out visitor is sent to sign in, and back to the draft afterwards.
    const signedOut = await fetch(`${base}${d.previewPath}`, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(d.previewPath)}`);
  });
});

describe('guided drafts over MCP with a real OAuth token', () => {
  async function tool(token: string, name: string, args: Record<string, unknown>): Promise<any> {
    return toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, token));
  }

  it('drives the interview to a posted job', async () => {
    const member = await createMember(nats);
    const token = await mcpToken(member);
    expect(await tool(token, 'get_job_draft', {})).toMatchObject({ isError: true, status: 404 });

    let d = await tool(token, 'start_job_draft', { answers: { problem: PROBLEM, context: CONTEXT } });
    expect(d).toMatchObject({ status: 'open', previewPath: `/drafts/${d.id}`, previewUrl: `${base}/drafts/${d.id}` });
    expect(d.review).toMatchObject({ next: 'evaluation', ready: false, evaluation: { text: '', approved: false }, visibility: { approved: false } });
    expect((await tool(token, 'get_job_draft', { draft_id: d.id })).review).toMatchObject({ next: 'evaluation', ready: false });
    d = await until(
      async () => {
        const latest = await tool(token, 'get_job_draft', {});
        return latest.nextQuestion ? latest : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the first follow-up question' },
    );
    expect(d.nextQuestion).toMatchObject({ number: 1, total: 5 });
    while (d.nextQuestion) {
      const q = d.nextQuestion;
      d = await tool(token, 'update_job_draft', {
        draft_id: d.id,
        answers: { [q.answerIds[0]]: q.answerIds[0] === 'category' ? 'data' : (q.options[0] ?? 'A report I can read.') },
      });
      expect(d.isError, JSON.stringify(d)).toBeUndefined();
    }
    const writing = await tool(token, 'write_job_description', { draft_id: d.id });
    expect(writing.tasks.writing.status).toBe('pending');
    d = await until(
      async () => {
        const latest = await tool(token, 'get_job_draft', { draft_id: d.id });
        return latest.tasks.writing.status === 'ready' ? latest : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the posting to be written' },
    );
    expect(d.posting.category).toBe('data');
    const evaluation = await tool(token, 'get_job_eval', { draft_id: d.id });
    expect(evaluation.evaluation).toMatchObject({ analyzed: false });

    expect(await tool(token, 'approve_draft_part', { draft_id: d.id, part: 'details' })).toMatchObject({ isError: true, status: 409 });
    for (const part of ['evaluation', 'summary', 'details', 'visibility']) {
      d = await tool(token, 'approve_draft_part', { draft_id: d.id, part, confirmed_in_chat: true });
    }
    expect(d.review).toMatchObject({ ready: true, next: null });
    const job = await tool(token, 'post_job_draft', { draft_id: d.id });
    expect(job).toMatchObject({ status: 'open', title: d.posting.title, constraints: d.posting.description });
    const mine = await tool(token, 'list_my_jobs', {});
    expect(JSON.stringify(mine)).toContain(job.id);
    expect(await tool(token, 'get_job_draft', { draft_id: d.id })).toMatchObject({ status: 'posted', jobId: job.id });
    expect(await tool(token, 'list_job_drafts', {})).toEqual({ drafts: [], total: 0 });
    expect(await tool(token, 'discard_job_draft', { draft_id: d.id })).toMatchObject({ isError: true, status: 409 });
  });
});
