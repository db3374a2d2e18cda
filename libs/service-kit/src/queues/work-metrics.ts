import { Gauge, register } from 'prom-client';

const NAME = 'work_queue_pending';
type Probe = () => Promise<void>;

const probes = new Set<Probe>();
let gauge: Gauge<'service' | 'queue'> | undefined;

/**
 * Items waiting in each queue, read from the JetStream consumers at scrape time so the number is
 * never stale: operators scale workers on it. One gauge per process, fed by every running runner.
 */
export function pendingGauge(): Gauge<'service' | 'queue'> {
  gauge ??= (register.getSingleMetric(NAME) as Gauge<'service' | 'queue'> | undefined) ?? new Gauge({
    name: NAME,
    help: 'Work items waiting to be pulled, from the queue consumer\'s num_pending',
    labelNames: ['service', 'queue'],
    async collect() {
      await Promise.all([...probes].map((probe) => probe().catch(() => undefined)));
    },
  });
  return gauge;
}

export function addPendingProbe(probe: Probe): () => void {
  pendingGauge();
  probes.add(probe);
  return () => probes.delete(probe);
}
