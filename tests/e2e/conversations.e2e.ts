import { getMemberWorkRecord, memberDeletedV1 } from '@marketplace/contracts';
import { api, createMembers, type TestMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { callInternal, publishEvent } from './support/bus.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const pitch = { pitch: 'Happy to help.', acceptResponsibility: true, model: 'test-model-1' };

async function postAndApply(poster: TestMember, applicants: TestMember[], title: string, over: Record<string, unknown> = {}) {
  const job = (await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'research', constraints: 'Find it.', ...over } })).body;
  const apps = [];
  for (const a of applicants) apps.push((await api(base, `/api/jobs/${job.id}/applications`, { key: a.key, body: pitch })).body);
  return { jobId: job.id as string, apps: apps as { id: string }[] };
}

describe('messages: one conversation per application', () => {
  it('sends, lists an inbox with role, last message and unread counts, pages a conversation and marks it read', async () => {
    const [poster, ann, stranger] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const { jobId, apps } = await postAndApply(poster, [ann], 'Message check', { posterVisibility: 'anonymous' });
    const appId = apps[0]!.id;
    const send = (m: TestMember, body: string) => api(base, '/api/messages', { key: m.key, body: { applicationId: appId, body } });

    expect((await send(stranger, 'hi')).status).toBe(404);
    expect((await api(base, '/api/messages', { key: poster.key, body: { applicationId: appId, body: '' } })).status).toBe(400);
    const first = await send(poster, 'Can you start Monday?');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ applicationId: appId, from: 'poster', mine: true, sentBy: 'agent', body: 'Can you start Monday?', readAt: null });
    for (let i = 1; i <= 3; i++) await send(ann, `Reply ${i}`);

    const inbox = await api(base, '/api/messages', { key: poster.key });
    expect(inbox.status).toBe(200);
    const conv = inbox.body.conversations.find((c: { applicationId: string }) => c.applicationId === appId);
    expect(conv).toMatchObject({
      job: { id: jobId, title: 'Message check' },
      role: 'poster',
      with: { id: ann.id, name: ann.name },
      unread: 3,
      lastMessage: { body: 'Reply 3', from: 'applicant', mine: false },
    });
    const annInbox = (await api(base, '/api/messages', { key: ann.key })).body.conversations[0];
    // An anonymous poster stays masked to an applicant who is not hired.
    expect(annInbox).toMatchObject({ role: 'applicant', with: { id: null, name: 'Anonymous poster' }, unread: 1 });
    expect(JSON.stringify(annInbox)).not.toContain(poster.email);

    const page = await api(base, `/api/messages?application_id=${appId}&limit=2`, { key: poster.key });
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual(['Reply 2', 'Reply 3']);
    expect(page.body.nextBefore).toBe(page.body.messages[0].createdAt);
    const older = await api(base, `/api/messages?application_id=${appId}&limit=2&before=${encodeURIComponent(page.body.nextBefore)}`, { key: poster.key });
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(['Can you start Monday?', 'Reply 1']);
    expect(older.body.nextBefore).toBeNull();
    // Reading marked the applicant's messages read for the poster, not the poster's own for the applicant.
    expect(
      (await api(base, '/api/messages', { key: poster.key })).body.conversations.find((c: { applicationId: string }) => c.applicationId === appId).unread,
    ).toBe(0);
    const annView = await api(base, `/api/messages?application_id=${appId}`, { key: ann.key });
    expect(annView.body.messages[0]).toMatchObject({ from: 'poster', mine: false, readAt: null });
    expect(annView.body.messages[1].readAt).toEqual(expect.any(String));
    expect((await api(base, `/api/messages?application_id=${appId}`, { key: stranger.key })).status).toBe(404);
    expect((await api(base, '/api/messages?limit=101', { key: ann.key })).status).toBe(400);
    expect((await api(base, '/api/messages?before=2020-01-01T00:00:00Z', { key: ann.key })).status).toBe(400);

    // The recipient is alerted.
    // Delivering consumes alerts, so what each round brings is kept.
    const kinds: string[] = [];
    await until(
      async () => {
        kinds.push(
          ...(await api(base, '/api/me/notifications/deliver', { key: ann.key, method: 'POST' })).body.conversations
            .flatMap((c: { alerts: any[] }) => c.alerts)
            .map((a: { kind: string }) => a.kind),
        );
        return kinds.includes('message.sent');
      },
      { timeoutMs: 10_000, what: 'the message.sent alert' },
    );
  });
});

describe('messages: limits and closed conversations', () => {
  it('refuses messages on declined and withdrawn applications with 409, from either side', async () => {
    const [poster, ann, bob] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const { apps } = await postAndApply(poster, [ann, bob], 'Closed conversations');
    const send = (m: TestMember, applicationId: string) => api(base, '/api/messages', { key: m.key, body: { applicationId, body: 'Still there?' } });
    expect((await send(ann, apps[0]!.id)).status).toBe(201);
    expect((await api(base, `/api/me/job-applications/${apps[0]!.id}/decline`, { key: poster.key, method: 'POST' })).status).toBe(200);
    expect((await api(base, `/api/me/applications/${apps[1]!.id}/withdraw`, { key: bob.key, method: 'POST' })).status).toBe(200);
    for (const [who, appId, state] of [
      [ann, apps[0]!.id, 'declined'],
      [poster, apps[0]!.id, 'declined'],
      [bob, apps[1]!.id, 'withdrawn'],
      [poster, apps[1]!.id, 'withdrawn'],
    ] as const) {
      const refused = await send(who, appId);
      expect(refused.status, `${state} application`).toBe(409);
      expect(refused.body.error).toContain(`was ${state}`);
    }
    // The earlier conversation stays readable; nothing new was added.
    const conv = await api(base, `/api/messages?application_id=${apps[0]!.id}`, { key: poster.key });
    expect(conv.body.messages.map((m: { body: string }) => m.body)).toEqual(['Still there?']);
  });

  it('limits messages per member per minute (429 with Retry-After), as the safety policy reports', async () => {
    const policy = (await api(base, '/api/safety-policy')).body;
    expect(policy.messages).toEqual({ perDay: 500, perMinute: 30 });
    const [poster, ann] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const { apps } = await postAndApply(poster, [ann], 'Chatty');
    const send = (m: TestMember, i: number) => api(base, '/api/messages', { key: m.key, body: { applicationId: apps[0]!.id, body: `Note ${i}` } });
    for (let i = 0; i < policy.messages.perMinute; i++) expect((await send(ann, i)).status).toBe(201);
    const limited = await send(ann, 99);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(`You can send ${policy.messages.perMinute} messages per minute. Wait a moment and try again.`);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Per member: the other side can still answer.
    expect((await send(poster, 0)).status).toBe(201);
  });
});

describe('reacting to other parts of the product', () => {
  it('closing a job declines its waiting applications (job.closed)', async () => {
    const [poster, ann, bob] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const { jobId, apps } = await postAndApply(poster, [ann, bob], 'Closing job');
    await api(base, `/api/me/applications/${apps[1]!.id}/withdraw`, { key: bob.key, method: 'POST' });
    expect((await api(base, `/api/me/jobs/${jobId}/close`, { key: poster.key, method: 'POST' })).status).toBe(200);
    await expect
      .poll(
        async () => {
          const mine = (await api(base, '/api/me/applications', { key: ann.key })).body.applications;
          return mine.find((a: { id: string }) => a.id === apps[0]!.id).status;
        },
        { timeout: 10_000 },
      )
      .toBe('declined');
    const bobs = (await api(base, '/api/me/applications', { key: bob.key })).body.applications;
    expect(bobs.find((a: { id: string }) => a.id === apps[1]!.id).status).toBe('withdrawn');
  });

  it('a deleted member loses unfinished applications; finished work and messages remain without the name', async () => {
    const [poster, worker, leaver] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    // Finished work for the leaver.
    const done = await postAndApply(poster, [leaver], 'Finished before leaving');
    await api(base, `/api/me/job-applications/${done.apps[0]!.id}/accept`, { key: poster.key, method: 'POST' });
    await api(base, `/api/jobs/${done.jobId}/submissions`, { key: leaver.key, body: { body: 'Done.' } });
    await api(base, `/api/me/jobs/${done.jobId}/approve`, { key: poster.key, body: { score: 5, description: 'Good' } });
    await api(base, `/api/jobs/${done.jobId}/rating`, { key: leaver.key, body: { score: 4, description: 'Fine' } });
    // A waiting application with a conversation.
    const open = await postAndApply(poster, [leaver, worker], 'Still open');
    await api(base, '/api/messages', { key: leaver.key, body: { applicationId: open.apps[0]!.id, body: 'Any news?' } });
    await expect.poll(async () => (await api(base, `/api/jobs/${open.jobId}`)).body.applicants, { timeout: 10_000 }).toBe(2);

    await publishEvent(nats, memberDeletedV1, { memberId: leaver.id, deletedAt: new Date().toISOString() });
    await expect
      .poll(async () => (await api(base, `/api/me/jobs/${open.jobId}/applications`, { key: poster.key })).body.applications.length, { timeout: 10_000 })
      .toBe(1);
    await expect.poll(async () => (await api(base, `/api/jobs/${open.jobId}`)).body.applicants, { timeout: 10_000 }).toBe(1);
    const conv = await api(base, `/api/messages?application_id=${open.apps[0]!.id}`, { key: poster.key });
    expect(conv.status).toBe(200);
    expect(conv.body.with).toEqual({ id: null, name: 'Former member' });
    expect(conv.body.messages[0].body).toBe('Any news?');
    const record = await callInternal(nats, getMemberWorkRecord, { memberId: poster.id });
    expect(record.ratings[0]!.by).toEqual({ id: null, name: 'Former member', headline: null, photoUrl: null });
    const finished = (await api(base, `/api/me/jobs/${done.jobId}/applications`, { key: poster.key })).body.applications;
    expect(finished[0]).toMatchObject({ status: 'accepted', worker: { name: 'Former member' }, contact: null, resume: null });
    expect(JSON.stringify(finished)).not.toContain(leaver.email);
  });

  it('account deletion is refused while hired work is underway, and cleans applications once it is allowed', async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const { jobId, apps } = await postAndApply(poster, [worker], 'Underway');
    await api(base, `/api/me/job-applications/${apps[0]!.id}/accept`, { key: poster.key, method: 'POST' });
    const refused = await api(base, '/api/me', { key: worker.key, method: 'DELETE', body: { confirm: 'delete my account' } });
    expect(refused.status).toBe(409);
    expect((await api(base, `/api/jobs/${jobId}/cancel`, { key: worker.key, method: 'POST' })).status).toBe(200);
    const other = await postAndApply(poster, [worker], 'Waiting when leaving');
    const deleted = await api(base, '/api/me', { key: worker.key, method: 'DELETE', body: { confirm: 'delete my account' } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(async () => (await api(base, `/api/me/jobs/${other.jobId}/applications`, { key: poster.key })).body.applications.length, { timeout: 10_000 })
      .toBe(0);
  });

  it('a job with a hire cannot be closed; cancelled, it can, and its waiting applications are declined', async () => {
    const [poster, worker, other] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const { jobId, apps } = await postAndApply(poster, [worker, other], 'Close after cancel');
    await api(base, `/api/me/job-applications/${apps[0]!.id}/accept`, { key: poster.key, method: 'POST' });
    expect((await api(base, `/api/me/jobs/${jobId}/close`, { key: poster.key, method: 'POST' })).status).toBe(409);
    expect((await api(base, `/api/jobs/${jobId}/cancel`, { key: worker.key, method: 'POST' })).status).toBe(200);
    expect((await api(base, `/api/me/jobs/${jobId}/close`, { key: poster.key, method: 'POST' })).status).toBe(200);
    await expect
      .poll(
        async () => {
          const mine = (await api(base, '/api/me/applications', { key: other.key })).body.applications;
          return mine.find((a: { id: string }) => a.id === apps[1]!.id).status;
        },
        { timeout: 10_000 },
      )
      .toBe('declined');
    expect((await api(base, `/api/me/job-applications/${apps[1]!.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(409);
  });
});
