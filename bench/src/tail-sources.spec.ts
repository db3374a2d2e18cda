import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';

import { parseMetrics, TailWatch } from './tail-sources.js';

/** A service's health server as the kit serves it: prom-client's defaults plus a bus histogram. */
async function serveMetrics(registry: Registry): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    void registry.metrics().then((text) => res.end(text));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('where the tail comes from', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('reads Prometheus text series by their whole name and labels', () => {
    const samples = parseMetrics(
      [
        '# HELP x y',
        'nodejs_eventloop_lag_p99_seconds{service="jobs"} 0.012',
        'bus_request_duration_seconds_bucket{le="0.005",operation="listOpenJobs",service="jobs"} 7',
        '',
      ].join('\n'),
    );
    expect(samples.get('nodejs_eventloop_lag_p99_seconds{service="jobs"}')).toBe(0.012);
    expect(samples.get('bus_request_duration_seconds_bucket{le="0.005",operation="listOpenJobs",service="jobs"}')).toBe(7);
    expect(samples.size).toBe(2);
  });

  it('gives the run its own handling-time shares, loop delay and GC from a real prom-client registry', async () => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, labels: { service: 'jobs' } });
    const bus = new Histogram({
      registers: [registry],
      name: 'bus_request_duration_seconds',
      help: 'h',
      labelNames: ['operation'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1],
    });
    bus.observe({ operation: 'listOpenJobs' }, 0.5); // before the run: not counted
    const served = await serveMetrics(registry);
    server = served.server;
    const watch = await TailWatch.start({ jobs: served.url }, 'listOpenJobs');
    for (const seconds of [0.001, 0.002, 0.003, 0.02]) bus.observe({ operation: 'listOpenJobs' }, seconds);
    // prom-client resets Node's delay histogram at each scrape, and the histogram's first tick after a
    // reset has no previous tick to measure from: let one pass (10 ms resolution) before the stall.
    await new Promise((r) => setTimeout(r, 25));
    const stalled = Date.now() + 60;
    while (Date.now() < stalled) {
      /* a 60 ms stall of this event loop */
    }
    await new Promise((r) => setTimeout(r, 30));
    const [tail] = await watch.stop();
    expect(tail!.process).toBe('jobs');
    expect(tail!.answered).toEqual({ operation: 'listOpenJobs', count: 4, under: { 5: 0.75, 10: 0.75, 25: 1, 50: 1, 100: 1 } });
    expect(tail!.loopDelayMs.max).toBeGreaterThanOrEqual(40);
  });
});
