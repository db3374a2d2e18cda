import { Counter, Gauge, Histogram, register } from 'prom-client';

/** prom-client refuses a second metric of one name; several servers or relays in one process (tests) share it. */
function single<M>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

/** Request rate, errors (by status) and latency of each bus operation this process answers. */
export function recordOperation(operation: string, status: number, seconds: number): void {
  single('bus_requests_total', () => new Counter({
    name: 'bus_requests_total',
    help: 'Bus requests answered, by operation and status (200 or the error status)',
    labelNames: ['operation', 'status'],
  })).inc({ operation, status: String(status) });
  single('bus_request_duration_seconds', () => new Histogram({
    name: 'bus_request_duration_seconds',
    help: 'Time to answer a bus request, from decoding to reply, by operation',
    labelNames: ['operation'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  })).observe({ operation }, seconds);
}

type OutboxProbe = () => Promise<{ pending: number; oldestSeconds: number }>;
const outboxProbes = new Set<OutboxProbe>();

/**
 * Outbox lag, read from the table at scrape time: events committed but not yet on the bus, and
 * the age of the oldest. A growing age means consumers see changes late (NATS down, relay stuck).
 */
export function addOutboxProbe(probe: OutboxProbe): () => void {
  // Each gauge reads on its own: prom-client collects metrics concurrently, so one cannot feed the other.
  single('outbox_pending_events', () => new Gauge({
    name: 'outbox_pending_events',
    help: 'Outbox rows committed but not yet published',
    async collect() {
      this.set((await collectOutbox())[0]);
    },
  }));
  single('outbox_lag_seconds', () => new Gauge({
    name: 'outbox_lag_seconds',
    help: 'Age of the oldest unpublished outbox row (0 when none)',
    async collect() {
      this.set((await collectOutbox())[1]);
    },
  }));
  outboxProbes.add(probe);
  return () => outboxProbes.delete(probe);
}

async function collectOutbox(): Promise<[number, number]> {
  const results = await Promise.all([...outboxProbes].map((probe) => probe().catch(() => undefined)));
  let sum = 0;
  let oldest = 0;
  for (const r of results) {
    if (!r) continue;
    sum += r.pending;
    oldest = Math.max(oldest, r.oldestSeconds);
  }
  return [sum, oldest];
}
