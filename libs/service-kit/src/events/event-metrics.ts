import { Counter } from 'prom-client';

import { serviceMetric } from '../health/service-metrics.js';

/** How an event reached a consumer: durable work shared by the replicas, or broadcast to every one. */
export type ConsumeMode = 'durable' | 'broadcast';
/** applied: the consumer acted on it; skipped: already applied (a redelivery); dropped: unreadable; failed: the consumer threw. */
export type ConsumeOutcome = 'applied' | 'skipped' | 'dropped' | 'failed';

/** One count per event a consumer of this process handled, durable or broadcast alike. */
export function countConsumedEvent(consumer: string, mode: ConsumeMode, outcome: ConsumeOutcome): void {
  serviceMetric(
    'events_consumed_total',
    (registers) =>
      new Counter({
        registers,
        name: 'events_consumed_total',
        help: "Events handled by this process's consumers, by consumer, mode (durable or broadcast) and outcome",
        labelNames: ['consumer', 'mode', 'outcome'],
      }),
  ).inc({ consumer, mode, outcome });
}
