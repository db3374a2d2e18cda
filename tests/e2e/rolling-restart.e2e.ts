import { beforeAll, describe, expect, inject, it } from 'vitest';
import { operationsOf, type Operation } from '@marketplace/contracts';
import { GATEWAY, SERVICES } from '@marketplace/local-stack';
import { api, createMember, streamEvents, type TestMember, until } from '@marketplace/testing';
import { sample, scrape } from './support/metrics.js';

/**
 * Every backend process replaced one by one, as a rolling update does (the new one healthy, then
 * SIGTERM to the old one, which drains), while clients keep calling every service and posting
 * jobs: no request may fail and every job posted must reach the bus.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const control = inject('controlUrl');

/** One GET per service that a member may call without path parameters: the service answers it, whatever it says. */
function probeOf(service: Operation['service']): Operation | undefined {
  return operationsOf(service).find((op) => op.rest?.method === 'GET' && !op.rest.path.includes('{')
    && ['public', 'signedIn', 'verified', 'member'].includes(op.rest.access ?? op.access));
}

describe('rolling restart of every service under load', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats);
  });

  it('drops no request and loses no event', { timeout: 900_000 }, async () => {
    const backends = SERVICES.map((s) => s.name).filter((name) => name !== GATEWAY);
    const probes = [...new Set(backends.map((name) => name.replace(/-worker$/, '')))]
      .map((service) => probeOf(service as Operation['service']))
      .filter((op): op is Operation => op !== undefined);
    expect(probes.length).toBeGreaterThanOrEqual(5);

    const failures: string[] = [];
    const counts = { requests: 0, posted: [] as string[] };
    let running = true;
    const loop = async (what: string, pauseMs: number, call: () => Promise<{ status: number; body?: any }>, after?: (body: any) => void) => {
      while (running) {
        await new Promise((r) => setTimeout(r, pauseMs));
        const res = await call().catch((err: Error) => ({ status: 0, body: err.message }));
        counts.requests++;
        // Any answer below 500 was given by the service (validation, limits); 5xx or no answer is a drop.
        if (res.status === 0 || res.status >= 500) failures.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
        else after?.(res.body);
      }
    };
    const load = [
      ...probes.map((op) => loop(op.name, 20, () => api(base, op.rest!.path, { key: member.key }))),
      loop('postJob', 150, () => api(base, '/api/me/jobs', {
        key: member.key, body: { title: `Rolling ${counts.posted.length}`, category: 'data', constraints: 'Steady load while services restart.' },
      }), (body: { id?: string }) => { if (body?.id) counts.posted.push(body.id); }),
    ];

    const rolled: string[] = [];
    try {
      for (const app of backends) {
        const before = counts.requests;
        const res = await fetch(`${control}/roll/${app}`, { method: 'POST' });
        expect(res.status, `${app}: ${await res.text()}`).toBe(204);
        // Traffic kept flowing while this one was replaced.
        expect(counts.requests, app).toBeGreaterThan(before);
        rolled.push(app);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }

    expect(rolled).toEqual(backends);
    expect(failures).toEqual([]);
    expect(counts.posted.length).toBeGreaterThan(0);
    // Every job committed during the restarts is readable, left the outbox and is on the stream.
    for (const id of counts.posted) expect((await api(base, `/api/jobs/${id}`)).status, id).toBe(200);
    await until(async () => sample(await scrape('jobs'), 'outbox_pending_events', { service: 'jobs' }) === 0, { timeoutMs: 15_000 });
    const events = await streamEvents<{ payload: { jobId: string } }>(nats, 'events.job.posted.v1');
    const published = new Set(events.map((e) => e.payload.jobId));
    expect(counts.posted.filter((id) => !published.has(id))).toEqual([]);
  });
});
