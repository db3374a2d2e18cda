import { type Operation, operationsOf } from '@marketplace/contracts';
import { GATEWAY, SERVICES } from '@marketplace/local-stack';
import { api, createMember, streamEvents, type TestMember, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

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
  return operationsOf(service).find(
    (op) => op.rest?.method === 'GET' && !op.rest.path.includes('{') && ['public', 'signedIn', 'verified', 'member'].includes(op.rest.access ?? op.access),
  );
}

/** Replaces one service's process with these environment overrides (`{}` restores its own). */
async function restart(app: string, env: Record<string, string>): Promise<void> {
  expect((await fetch(`${control}/stop/${app}`, { method: 'POST' })).status).toBe(204);
  const res = await fetch(`${control}/start/${app}`, { method: 'POST', body: JSON.stringify(env) });
  expect(res.status, await res.text()).toBe(204);
}

describe('rolling restart of every service under load', () => {
  let member: TestMember;
  let posters: TestMember[];
  beforeAll(async () => {
    // The probes use one API key to its limit (120 requests a minute). Posts take turns over keys of
    // their own, often enough (one each 150 ms, under 70 a minute per key) that some are sent while
    // jobs itself is replaced, which takes about a second.
    const seven = await Promise.all(Array.from({ length: 7 }, () => createMember(nats)));
    [member, posters] = [seven[0]!, seven.slice(1)];
    // Jobs are posted all through the restarts, a hundred or more: the day's limit (10 per member)
    // would refuse them long before jobs itself is replaced. The rolled process keeps this setting.
    await restart('jobs', { JOB_POSTS_PER_DAY: '100000' });
  }, 180_000);
  afterAll(async () => {
    await restart('jobs', {});
  }, 180_000);

  it('drops no request and loses no event', { timeout: 900_000 }, async () => {
    const backends = SERVICES.map((s) => s.name).filter((name) => name !== GATEWAY);
    const probes = [...new Set(backends.map((name) => name.replace(/-worker$/, '')))]
      .map((service) => probeOf(service as Operation['service']))
      .filter((op): op is Operation => op !== undefined);
    expect(probes.length).toBeGreaterThanOrEqual(5);

    const failures: string[] = [];
    const counts = { requests: 0, posted: [] as string[] };
    /** When each app's replacement began and ended, and when each taken post was in flight. */
    const rolls: { app: string; from: number; to: number }[] = [];
    const postsInFlight: { from: number; to: number }[] = [];
    let turn = 0;
    let running = true;
    type Call = () => Promise<{ status: number; body?: any }>;
    const once = async (
      what: string,
      call: Call,
      after?: (body: any, from: number, to: number) => void,
      ok = (status: number) => status > 0 && status < 500,
    ) => {
      const from = performance.now();
      const res = await call().catch((err: Error) => ({ status: 0, body: err.message }));
      counts.requests++;
      // Any answer below 500 was given by the service (validation, limits); 5xx or no answer is a drop.
      if (!ok(res.status)) failures.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
      else after?.(res.body, from, performance.now());
    };
    const loop = async (pauseMs: number, request: () => Promise<void>) => {
      while (running) {
        await new Promise((r) => setTimeout(r, pauseMs));
        await request();
      }
    };
    // Every post must be taken: with the day's limit lifted and the key's (120 a minute) kept to, a
    // refusal is as much a drop as a 503.
    const postJob = () =>
      once(
        'postJob',
        () =>
          api(base, '/api/me/jobs', {
            key: posters[turn++ % posters.length]!.key,
            body: { title: `Rolling ${counts.posted.length}`, category: 'data', constraints: 'Steady load while services restart.' },
          }),
        (body: { id: string }, from, to) => {
          counts.posted.push(body.id);
          postsInFlight.push({ from, to });
        },
        (status) => status === 201,
      );
    const load = [...probes.map((op) => loop(20, () => once(op.name, () => api(base, op.rest!.path, { key: member.key })))), loop(150, postJob)];

    const rolled: string[] = [];
    try {
      for (const app of backends) {
        const before = counts.requests;
        const from = performance.now();
        let replaced = false;
        const replacing = fetch(`${control}/roll/${app}`, { method: 'POST' }).finally(() => {
          replaced = true;
        });
        // Jobs' replacement takes a fraction of a second, less than the steady posts' pause at times:
        // posts follow one another without a pause until it is over, so one is always in flight.
        if (app === 'jobs') while (!replaced) await postJob();
        const res = await replacing;
        rolls.push({ app, from, to: performance.now() });
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
    // Jobs were posted while jobs itself was replaced: the case this test is for. A post counts when
    // its time in flight overlaps the replacement, including one sent before and answered after it.
    const postedWhileRolling = Object.fromEntries(
      rolls.map(({ app, from, to }) => [app, postsInFlight.filter((post) => post.from < to && post.to > from).length]),
    );
    expect(postedWhileRolling.jobs, JSON.stringify({ postedWhileRolling, rolls })).toBeGreaterThan(0);
    // Every job committed during the restarts is readable, left the outbox and is on the stream.
    for (const id of counts.posted) expect((await api(base, `/api/jobs/${id}`)).status, id).toBe(200);
    await until(async () => sample(await scrape('jobs'), 'outbox_pending_events', { service: 'jobs' }) === 0, { timeoutMs: 15_000 });
    const events = await streamEvents<{ payload: { jobId: string } }>(nats, 'events.job.posted.v1');
    const published = new Set(events.map((e) => e.payload.jobId));
    expect(counts.posted.filter((id) => !published.has(id))).toEqual([]);
  });
});
