import { randomUUID } from 'node:crypto';

import { operatorCreateMember } from '@marketplace/contracts';
import {
  api,
  connectAgent,
  createMember,
  dbQuery,
  mcp,
  operatorCall,
  publishEvent,
  sessionHeaders,
  signIn,
  streamEvents,
  type TestMember,
  until,
} from '@marketplace/testing';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const mailDir = inject('mailDir');

const CONFIRM = { confirm: 'delete my account' };

async function postJob(member: TestMember, title: string, posterVisibility = 'public'): Promise<string> {
  const res = await api(base, '/api/me/jobs', { key: member.key, body: { title, category: 'writing', constraints: 'Write it.', posterVisibility } });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function jobStatus(id: string): Promise<string | undefined> {
  return (await dbQuery<{ status: string }>(db, 'SELECT status FROM jobs.jobs WHERE id = $1', [id]))[0]?.status;
}

describe('DELETE /api/me', () => {
  it('needs "delete my account" exactly', async () => {
    const member = await createMember(nats);
    for (const body of [{}, { confirm: 'Delete my account' }, { confirm: 'delete my account ' }, { confirm: true }]) {
      const res = await api(base, '/api/me', { key: member.key, method: 'DELETE', body });
      expect(res.status).toBe(400);
      expect(res.body.fields.confirm).toBe('Type "delete my account" exactly.');
    }
    expect((await api(base, '/api/me', { key: member.key })).status).toBe(200);
    expect((await api(base, '/api/me', { method: 'DELETE', body: CONFIRM })).status).toBe(401);
  });

  it('deletes the account: keys stop at once, open jobs close, every service removes its part', async () => {
    const member = await createMember(nats, { name: 'Leaving Member' });
    const publicJob = await postJob(member, 'Left behind');
    const anonymousJob = await postJob(member, 'Left behind quietly', 'anonymous');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'black' } })
      .png()
      .toBuffer();
    const photo = (await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image: png.toString('base64') } })).body.photoUrl;
    await until(async () => (await dbQuery(db, 'SELECT 1 FROM notifications.alerts WHERE member_id = $1', [member.id])).length >= 2);

    const res = await api(base, '/api/me', { key: member.key, method: 'DELETE', body: CONFIRM });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, id: member.id });

    // At once: the key no longer authenticates, the page and photo are gone.
    expect((await api(base, '/api/me', { key: member.key })).status).toBe(401);
    expect((await api(base, '/api/me/jobs', { key: member.key })).status).toBe(401);
    expect((await api(base, `/api/members/${member.id}`)).status).toBe(404);
    expect((await fetch(`${base}${photo}`)).status).toBe(404);

    // Then each service's consumer does its part.
    await until(async () => (await jobStatus(publicJob)) === 'closed' && (await jobStatus(anonymousJob)) === 'closed');
    expect((await api(base, `/api/jobs/${publicJob}`)).status).toBe(404);
    const closed = await until(async () => {
      const events = (await streamEvents(nats, 'events.job.closed.v1')).filter((e) => e.payload.posterId === member.id);
      return events.length === 2 ? events : undefined;
    });
    expect(closed.map((e) => e.payload.reason)).toEqual(['account_deleted', 'account_deleted']);
    expect(closed.map((e) => e.payload.jobId).sort()).toEqual([publicJob, anonymousJob].sort());
    await until(async () => (await dbQuery(db, 'SELECT 1 FROM identity.profiles WHERE member_id = $1', [member.id])).length === 0);
    const [row] = await dbQuery<{ email: string; name: string; headline: string | null; photo_url: string | null }>(
      db,
      'SELECT email, name, headline, photo_url FROM identity.members WHERE id = $1',
      [member.id],
    );
    expect(row).toMatchObject({ name: 'Deleted member', headline: null, photo_url: null });
    expect(row!.email).not.toBe(member.email);
    expect(await dbQuery(db, 'SELECT 1 FROM identity.api_keys WHERE member_id = $1', [member.id])).toEqual([]);
    expect(await dbQuery(db, 'SELECT 1 FROM identity.member_photos WHERE member_id = $1', [member.id])).toEqual([]);
    const [poster] = await dbQuery<{ name: string; headline: string | null }>(db, 'SELECT name, headline FROM jobs.posters WHERE member_id = $1', [member.id]);
    expect(poster).toEqual({ name: 'Deleted member', headline: null });
    await until(async () => (await dbQuery(db, 'SELECT 1 FROM notifications.alerts WHERE member_id = $1', [member.id])).length === 0);

    // The email is free again: the person may sign up afresh.
    const again = await operatorCall(nats, operatorCreateMember, { email: member.email, name: 'Came Back', completeProfile: false, staff: false });
    expect(again.id).not.toBe(member.id);
  });

  it("the member's comments remain without their id or name, on the API and the job page", async () => {
    const poster = await createMember(nats);
    const member = await createMember(nats, { name: `Commenting ${randomUUID().slice(0, 8)}` });
    const jobId = await postJob(poster, 'Paint a fence');
    const said = await api(base, `/api/jobs/${jobId}/comments`, { key: member.key, body: { body: 'Which colour?' } });
    expect(said.status).toBe(201);
    expect((await api(base, `/api/jobs/${jobId}/comments`, { key: poster.key, body: { body: 'White.', parentId: said.body.id } })).status).toBe(201);
    const comments = async () => (await api(base, `/api/jobs/${jobId}/comments`)).body.comments as { id: string; body: string; author: unknown }[];
    expect((await comments()).find((c) => c.id === said.body.id)?.author).toEqual({ id: member.id, name: member.name, kind: 'agent' });

    expect((await api(base, '/api/me', { key: member.key, method: 'DELETE', body: CONFIRM })).status).toBe(200);
    const left = await until(
      async () => {
        const found = (await comments()).find((c) => c.id === said.body.id);
        return found && (found.author as { id: string | null } | null)?.id === null ? found : undefined;
      },
      { what: 'the comment to lose its author' },
    );
    expect(left).toMatchObject({ body: 'Which colour?', author: { id: null, name: 'Deleted member', kind: 'agent' } });
    const listed = JSON.stringify(await comments());
    expect(listed).not.toContain(member.id);
    expect(listed).not.toContain(member.name);
    expect(await (await fetch(`${base}/jobs/${jobId}`)).text()).not.toContain(member.name);
  });

  it('consumers are idempotent: the same event again, or a repeat of it, changes nothing more', async () => {
    const member = await createMember(nats);
    const job = await postJob(member, 'Closed once');
    expect((await api(base, '/api/me', { key: member.key, method: 'DELETE', body: CONFIRM })).status).toBe(200);
    await until(async () => (await jobStatus(job)) === 'closed');
    const [original] = await until(async () => {
      const e = (await streamEvents(nats, 'events.member.deleted.v1')).filter((x) => x.payload.memberId === member.id);
      return e.length ? e : undefined;
    });
    await publishEvent(nats, 'events.member.deleted.v1', original, 'identity');
    await publishEvent(nats, 'events.member.deleted.v1', { ...original, id: randomUUID() }, 'identity');
    // A later deletion is processed after both, so by then the repeats were handled.
    const later = await createMember(nats);
    const laterJob = await postJob(later, 'Marker');
    expect((await api(base, '/api/me', { key: later.key, method: 'DELETE', body: CONFIRM })).status).toBe(200);
    await until(async () => (await jobStatus(laterJob)) === 'closed');
    const closes = (await streamEvents(nats, 'events.job.closed.v1')).filter((e) => e.payload.jobId === job);
    expect(closes).toHaveLength(1);
    const [poster] = await dbQuery<{ name: string }>(db, 'SELECT name FROM jobs.posters WHERE member_id = $1', [member.id]);
    expect(poster?.name).toBe('Deleted member');
  });

  it('a consumer whose service is down does its part once it is back', async () => {
    const member = await createMember(nats);
    const job = await postJob(member, 'Waiting for jobs to return');
    await service('stop', 'jobs');
    try {
      const res = await api(base, '/api/me', { key: member.key, method: 'DELETE', body: CONFIRM });
      expect(res.status).toBe(200);
      expect((await api(base, '/api/me', { key: member.key })).status).toBe(401);
      expect(await jobStatus(job)).toBe('open');
    } finally {
      await service('start', 'jobs');
    }
    await until(async () => (await jobStatus(job)) === 'closed');
  });

  it('503 and nothing deleted when the applications service cannot say whether work is underway', async () => {
    const member = await createMember(nats);
    await service('stop', 'applications');
    try {
      const res = await api(base, '/api/me', { key: member.key, method: 'DELETE', body: CONFIRM });
      expect(res.status).toBe(503);
    } finally {
      await service('start', 'applications');
    }
    expect((await api(base, '/api/me', { key: member.key })).status).toBe(200);
    expect((await api(base, `/api/members/${member.id}`)).status).toBe(200);
  });

  it('from the browser: the session, linked sign-in and connected agents end with the account', async () => {
    const member = await signIn(base, mailDir);
    const agent = await connectAgent(base, member.cookie);
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, agent.tokens.access_token)).status).toBe(200);
    const [row] = await dbQuery<{ id: string }>(db, 'SELECT id FROM identity.members WHERE email = $1', [member.email]);

    const res = await api(base, '/api/me', { method: 'DELETE', headers: sessionHeaders(base, member), body: CONFIRM });
    expect(res.status).toBe(200);
    expect((await api(base, '/api/me', { headers: sessionHeaders(base, member) })).status).toBe(401);
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, agent.tokens.access_token)).status).toBe(401);

    await until(async () => (await dbQuery(db, 'SELECT 1 FROM identity.sessions WHERE member_id = $1', [row!.id])).length === 0);
    await until(async () => (await dbQuery(db, 'SELECT 1 FROM identity.connected_agents WHERE member_id = $1', [row!.id])).length === 0);
    await until(async () => (await dbQuery(db, `SELECT 1 FROM identity.oauth_records WHERE payload->>'accountId' = $1`, [row!.id])).length === 0);
  });
});
