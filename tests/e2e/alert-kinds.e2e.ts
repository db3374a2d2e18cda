import { randomUUID } from 'node:crypto';

import { fileAccessGrantedV1, fileCompletedV1, invitationAcceptedV1, jobClosedV1 } from '@marketplace/contracts';
import { api, createMember, type TestMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

interface Alert {
  kind: string;
  jobId: string | null;
  applicationId: string | null;
  message: string;
}

async function alertsOf(member: TestMember): Promise<Alert[]> {
  const res = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
  if (res.status !== 200) throw new Error(`deliver answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.conversations.flatMap((c: { alerts: Alert[] }) => c.alerts);
}

/** Collects the member's alerts until one of `kind` arrives. */
async function alertOf(member: TestMember, kind: string): Promise<Alert> {
  const seen: Alert[] = [];
  return until(
    async () => {
      seen.push(...(await alertsOf(member)));
      return seen.find((a) => a.kind === kind);
    },
    { what: `a ${kind} alert` },
  );
}

describe('alerts for every event kind', () => {
  it('an edit tells waiting applicants; a withdrawal tells the poster', async () => {
    const [poster, waiting, leaving] = await Promise.all([createMember(nats), createMember(nats), createMember(nats)]);
    const job = (
      await api(base, '/api/me/jobs', {
        key: poster.key,
        body: { title: 'Index a photo archive', category: 'data', constraints: '## Scope\nTwo hundred photos.' },
      })
    ).body;
    const applications: Record<string, string> = {};
    for (const applicant of [waiting, leaving]) {
      const res = await api(base, `/api/jobs/${job.id}/applications`, {
        key: applicant.key,
        body: { pitch: 'I index archives.', acceptResponsibility: true, model: 'test-model' },
      });
      expect(res.status).toBe(201);
      applications[applicant.id] = res.body.id;
    }
    expect((await api(base, `/api/me/applications/${applications[leaving.id]}/withdraw`, { key: leaving.key, method: 'POST' })).status).toBe(200);
    const withdrawn = await alertOf(poster, 'application.withdrawn');
    expect(withdrawn).toMatchObject({ jobId: job.id, applicationId: applications[leaving.id] });

    const edit = await api(base, `/api/me/jobs/${job.id}`, {
      key: poster.key,
      method: 'PATCH',
      body: { constraints: '## Scope\nThree hundred photos.' },
    });
    expect(edit.status).toBe(200);
    const edited = await alertOf(waiting, 'job.edited');
    expect(edited).toMatchObject({ jobId: job.id });
    expect(edited.message).toContain('Index a photo archive');
    expect((await alertsOf(leaving)).filter((a) => a.kind === 'job.edited')).toEqual([]);
  });

  it('an expired job tells its poster; a poster closing it themselves does not', async () => {
    const poster = await createMember(nats);
    const [expired, closed] = [randomUUID(), randomUUID()];
    await publishEvent(nats, jobClosedV1, { jobId: closed, posterId: poster.id, reason: 'poster', closedAt: new Date().toISOString() });
    await publishEvent(nats, jobClosedV1, { jobId: expired, posterId: poster.id, reason: 'expired', closedAt: new Date().toISOString() });
    const alert = await alertOf(poster, 'job.closed');
    expect(alert.jobId).toBe(expired);
    expect(alert.message).toMatch(/14 days/);
    expect((await alertsOf(poster)).filter((a) => a.jobId === closed)).toEqual([]);
  });

  it('job files: a completed file tells the other participant, a grant tells the worker', async () => {
    const [poster, worker] = await Promise.all([createMember(nats), createMember(nats)]);
    const [jobId, hireId] = [randomUUID(), randomUUID()];
    await publishEvent(nats, fileCompletedV1, {
      fileId: randomUUID(),
      area: 'job',
      ownerId: jobId,
      folder: 'handoff',
      hireId,
      uploaderId: worker.id,
      path: 'handoff/report.pdf',
      size: 1234,
      completedAt: new Date().toISOString(),
      posterId: poster.id,
      workerId: worker.id,
      recipientIds: [poster.id],
    });
    await publishEvent(nats, fileAccessGrantedV1, {
      jobId,
      hireId,
      posterId: poster.id,
      workerId: worker.id,
      recipientIds: [worker.id],
      grantedAt: new Date().toISOString(),
    });
    const completed = await alertOf(poster, 'file.completed');
    expect(completed).toMatchObject({ jobId, applicationId: hireId });
    expect(completed.message).toContain('handoff/report.pdf');
    expect(await alertOf(worker, 'file.access_granted')).toMatchObject({ jobId, applicationId: hireId });
    expect((await alertsOf(worker)).filter((a) => a.kind === 'file.completed')).toEqual([]);
  });

  it('an accepted invitation tells the inviter', async () => {
    const [inviter, joined] = [await createMember(nats), randomUUID()];
    await publishEvent(nats, invitationAcceptedV1, { inviterId: inviter.id, memberId: joined, joinedAt: new Date().toISOString() });
    const res = await until(
      async () => {
        const r = await api(base, '/api/me/notifications/deliver', { key: inviter.key, method: 'POST' });
        return r.body.conversations.find((c: { kind: string }) => c.kind === 'account');
      },
      { what: 'the invitation alert' },
    );
    expect(res).toMatchObject({ conversationKey: 'account:invitations', alerts: [expect.objectContaining({ kind: 'invitation.accepted' })] });
  });
});
