import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

import { serviceMetrics } from '../scope/service-scope.js';

/**
 * The service's own metric of that name: prom-client refuses a second one in a registry, and
 * several servers or relays of one service (tests) share it. Services sharing a process each
 * have their own registry.
 */
export function serviceMetric<M>(name: string, make: (registers: Registry[]) => M): M {
  const registry = serviceMetrics();
  return (registry.getSingleMetric(name) as M | undefined) ?? make([registry]);
}

/** Request rate, errors (by status) and latency of each bus operation this process answers. */
export function recordOperation(operation: string, status: number, seconds: number): void {
  serviceMetric(
    'bus_requests_total',
    (registers) =>
      new Counter({
        registers,
        name: 'bus_requests_total',
        help: 'Bus requests answered, by operation and status (200 or the error status)',
        labelNames: ['operation', 'status'],
      }),
  ).inc({ operation, status: String(status) });
  serviceMetric(
    'bus_request_duration_seconds',
    (registers) =>
      new Histogram({
        registers,
        name: 'bus_request_duration_seconds',
        help: 'Time to answer a bus request, from decoding to reply, by operation',
        labelNames: ['operation'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      }),
  ).observe({ operation }, seconds);
}

type OutboxProbe = () => Promise<{ pending: number; oldestSeconds: number }>;
const outboxProbes = new WeakMap<Registry, Set<OutboxProbe>>();

/**
 * Outbox lag, read from the table at scrape time: events committed but not yet on the bus, and
 * the age of the oldest. A growing age means consumers see changes late (NATS down, relay stuck).
 */
export function addOutboxProbe(probe: OutboxProbe): () => void {
  // Each gauge reads on its own: prom-client collects metrics concurrently, so one cannot feed the other.
  serviceMetric(
    'outbox_pending_events',
    (registers) =>
      new Gauge({
        registers,
        name: 'outbox_pending_events',
        help: 'Outbox rows committed but not yet published',
        async collect() {
          this.set((await collectOutbox(registers))[0]);
        },
      }),
  );
  serviceMetric(
    'outbox_lag_seconds',
    (registers) =>
      new Gauge({
        registers,
        name: 'outbox_lag_seconds',
        help: 'Age of the oldest unpublished outbox row (0 when none)',
        async collect() {
          this.set((await collectOutbox(registers))[1]);
        },
      }),
  );
  const registry = serviceMetrics();
  const probes = outboxProbes.get(registry) ?? new Set<OutboxProbe>();
  outboxProbes.set(registry, probes);
  probes.add(probe);
  return () => probes.delete(probe);
}

async function collectOutbox([registry]: Registry[]): Promise<[number, number]> {
  const results = await Promise.all([...(outboxProbes.get(registry!) ?? [])].map((probe) => probe().catch(() => undefined)));
  let sum = 0;
  let oldest = 0;
  for (const r of results) {
    if (!r) continue;
    sum += r.pending;
    oldest = Math.max(oldest, r.oldestSeconds);
  }
  return [sum, oldest];
}
