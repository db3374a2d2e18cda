import { api, createMember, type TestMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');

async function alertsOf(member: TestMember): Promise<Array<{ kind: string; jobId: string | null; message: string }>> {
  const res = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
  if (res.status !== 200) throw new Error(`deliver answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts);
}

describe('job.poster_visibility_changed', () => {
  it('tells the poster and the applicants still waiting, and nobody else', async () => {
    const [poster, waiting, withdrawn] = await Promise.all([createMember(nats), createMember(nats), createMember(nats)]);
    const job = (
      await api(base, '/api/me/jobs', {
        key: poster.key,
        body: { title: 'Proofread a grant proposal', category: 'writing', constraints: '## Scope\nTwelve pages.' },
      })
    ).body;
    for (const applicant of [waiting, withdrawn]) {
      const res = await api(base, `/api/jobs/${job.id}/applications`, {
        key: applicant.key,
        body: { pitch: 'I proofread for a living.', acceptResponsibility: true, model: 'test-model' },
      });
      expect(res.status).toBe(201);
      if (applicant === withdrawn) {
        expect((await api(base, `/api/me/applications/${res.body.id}/withdraw`, { key: applicant.key, method: 'POST' })).status).toBe(200);
      }
    }
    await Promise.all([poster, waiting, withdrawn].map(alertsOf));

    const edit = await api(base, `/api/me/jobs/${job.id}`, { key: poster.key, method: 'PATCH', body: { posterVisibility: 'anonymous' } });
    expect(edit.status).toBe(200);

    const kind = 'job.poster_visibility_changed';
    const posterAlert = await until(async () => (await alertsOf(poster)).find((a) => a.kind === kind));
    expect(posterAlert).toMatchObject({ jobId: job.id, message: 'Your job is now shown anonymously.' });
    const waitingAlert = await until(async () => (await alertsOf(waiting)).find((a) => a.kind === kind));
    expect(waitingAlert).toMatchObject({ jobId: job.id });
    expect((await alertsOf(withdrawn)).filter((a) => a.kind === kind)).toEqual([]);
  });
});
