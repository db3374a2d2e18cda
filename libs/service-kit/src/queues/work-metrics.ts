import { Gauge, type Registry } from 'prom-client';

import { serviceMetric } from '../health/service-metrics.js';
import { serviceMetrics } from '../scope/service-scope.js';

const NAME = 'work_queue_pending';
type Probe = () => Promise<void>;

// Per registry: a worker's gauge is fed only by that worker's runners, even when services share a process.
const probes = new WeakMap<Registry, Set<Probe>>();

/**
 * Items waiting in each queue, read from the JetStream consumers at scrape time so the number is
 * never stale: operators scale workers on it. One gauge per service, fed by every running runner.
 */
export function pendingGauge(): Gauge<'service' | 'queue'> {
  return serviceMetric(
    NAME,
    (registers) =>
      new Gauge({
        registers,
        name: NAME,
        help: "Work items waiting to be pulled, from the queue consumer's num_pending",
        labelNames: ['service', 'queue'],
        async collect() {
          await Promise.all([...(probes.get(registers[0]!) ?? [])].map((probe) => probe().catch(() => undefined)));
        },
      }),
  );
}

export function addPendingProbe(probe: Probe): () => void {
  pendingGauge();
  const registry = serviceMetrics();
  const mine = probes.get(registry) ?? new Set<Probe>();
  probes.set(registry, mine);
  mine.add(probe);
  return () => mine.delete(probe);
}
