import { api, createMembers, mcp, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

interface MemberEvent {
  cursor: string;
  id: string;
  type: string;
  message: string;
  jobId: string | null;
  applicationId: string | null;
}

async function eventsAfter(member: TestMember, after?: string): Promise<{ events: MemberEvent[]; cursor: string | null; more: boolean }> {
  const res = await api(base, `/api/me/events${after ? `?after=${after}` : ''}`, { key: member.key });
  if (res.status !== 200) throw new Error(`events answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('the member event log', () => {
  it('a hire, a message and a turned-in round appear once each, in order after a cursor, anonymous posters kept anonymous', async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const before = await eventsAfter(worker);
    expect(before).toEqual({ events: [], cursor: null, more: false });

    const job = (
      await api(base, '/api/me/jobs', {
        key: poster.key,
        body: { title: 'Caption forty photos', category: 'writing', constraints: 'Short captions.', posterVisibility: 'anonymous' },
      })
    ).body;
    const app = (
      await api(base, `/api/jobs/${job.id}/applications`, {
        key: worker.key,
        body: { pitch: 'I caption.', acceptResponsibility: true, model: 'test-model-1' },
      })
    ).body;
    expect((await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);
    const hired = await until(
      async () => {
        const e = (await eventsAfter(worker)).events;
        return e.length ? e : undefined;
      },
      { what: "the hire in the worker's log" },
    );
    const cursor = hired.at(-1)!.cursor;

    expect((await api(base, '/api/messages', { key: poster.key, body: { applicationId: app.id, body: 'Welcome aboard.' } })).status).toBe(201);
    const round = await api(base, `/api/jobs/${job.id}/submissions`, { key: worker.key, body: { body: 'Forty captions.', model: 'test-model-1' } });
    expect(round.status).toBe(201);

    const workerLater = await until(
      async () => {
        const e = (await eventsAfter(worker, cursor)).events;
        return e.length ? e : undefined;
      },
      { what: "the message in the worker's log" },
    );
    expect(workerLater.map((e) => e.type)).toContain('message.sent');
    expect(workerLater.every((e) => BigInt(e.cursor) > BigInt(cursor))).toBe(true);

    const posterLog = await until(
      async () => {
        const e = (await eventsAfter(poster)).events;
        return e.some((x) => x.type === 'work.submitted') ? e : undefined;
      },
      { what: "the turned-in round in the poster's log" },
    );
    const cursors = posterLog.map((e) => BigInt(e.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(posterLog.map((e) => e.id)).size).toBe(posterLog.length);
    expect(posterLog.filter((e) => e.type === 'work.submitted')).toHaveLength(1);
    expect(posterLog.every((e) => e.jobId === job.id)).toBe(true);

    // The worker never learns who the anonymous poster is.
    const workerAll = (await eventsAfter(worker)).events;
    expect(workerAll.filter((e) => e.type === 'message.sent')).toHaveLength(1);
    expect(JSON.stringify(workerAll)).not.toContain(poster.email);
    expect(JSON.stringify(workerAll)).not.toContain(poster.id);

    // Reading marks nothing: the same page again, and nothing after the last cursor.
    const last = workerAll.at(-1)!.cursor;
    expect(await eventsAfter(worker, last)).toEqual({ events: [], cursor: last, more: false });
    expect((await api(base, '/api/me/events?after=abc', { key: worker.key })).status).toBe(400);
    expect((await api(base, '/api/me/events')).status).toBe(401);

    // The tool reads the same log.
    const token = await mcpToken(worker);
    const viaTool = toolOutcome(await mcp(base, 'tools/call', { name: 'list_my_events', arguments: { after: cursor } }, token));
    expect(viaTool.events.map((e: MemberEvent) => e.id)).toEqual(workerLater.length ? (await eventsAfter(worker, cursor)).events.map((e) => e.id) : []);
  });
});
