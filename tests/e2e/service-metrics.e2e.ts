import { randomUUID } from 'node:crypto';

import { api } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { sample, scrape } from './support/metrics.js';

/** What Prometheus scrapes from each process (the chart's dashboard and KEDA-independent alerts use these). */

const base = inject('baseUrl');
describe('service metrics', () => {
  it('counts requests by operation and status, with their latency, labelled with the service', async () => {
    const before = await scrape('jobs');
    const ok = { operation: 'listOpenJobs', status: '200', service: 'jobs', role: 'api' };
    const missing = { operation: 'getPublicJob', status: '404', service: 'jobs' };
    // Past the gateway's shared page cache, so each read reaches the jobs service.
    const fresh = { headers: { 'cache-control': 'no-cache' } };
    expect((await api(base, '/api/jobs', fresh)).status).toBe(200);
    expect((await api(base, '/api/jobs', fresh)).status).toBe(200);
    expect((await api(base, `/api/jobs/${randomUUID()}`)).status).toBe(404);

    const after = await scrape('jobs');
    expect(sample(after, 'bus_requests_total', ok) - sample(before, 'bus_requests_total', ok)).toBe(2);
    expect(sample(after, 'bus_requests_total', missing) - sample(before, 'bus_requests_total', missing)).toBe(1);
    const latency = { operation: 'listOpenJobs', service: 'jobs' };
    expect(sample(after, 'bus_request_duration_seconds_count', latency) - sample(before, 'bus_request_duration_seconds_count', latency)).toBe(2);
    expect(sample(after, 'bus_request_duration_seconds_sum', latency)).toBeGreaterThan(0);
  });

  it('reports outbox lag of every service with an outbox', async () => {
    const text = await scrape('jobs');
    expect(text).toMatch(/^outbox_pending_events\{[^}]*service="jobs"[^}]*\} \d+$/m);
    expect(text).toMatch(/^outbox_lag_seconds\{[^}]*service="jobs"[^}]*\} [\d.e+-]+$/m);
  });

  it('reports the depth of each work queue from the worker', async () => {
    const text = await scrape('files-worker');
    for (const queue of ['preview', 'cleanup', 'assemble']) {
      expect(text).toMatch(new RegExp(`^work_queue_pending\\{[^}]*queue="${queue}[^"]*"[^}]*\\} \\d+$`, 'm'));
    }
    expect(text).toMatch(/role="worker"/);
  });
});
