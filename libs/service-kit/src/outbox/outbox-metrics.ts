import { Counter } from 'prom-client';

import { serviceMetric } from '../health/service-metrics.js';

/**
 * verified: found in the stream where its PubAck said; republished: missing there (or another
 * message in its place) and published again; resent: acknowledged just before the stream's leader
 * changed, and published again as a precaution; retried: the read-back could not be made (NATS or
 * the stream's leader unavailable) and is tried later; untracked: dropped from the relay's bounded
 * memory before it could be read back (not known to be lost, only not checked).
 */
export type OutboxCheckOutcome = 'verified' | 'republished' | 'resent' | 'retried' | 'untracked';

export function countOutboxCheck(outcome: OutboxCheckOutcome, n = 1): void {
  if (n <= 0) return;
  serviceMetric(
    'outbox_readbacks_total',
    (registers) =>
      new Counter({
        registers,
        name: 'outbox_readbacks_total',
        help: 'Published events read back from the stream after their PubAck, by outcome (verified, republished, resent, retried, untracked)',
        labelNames: ['outcome'],
      }),
  ).inc({ outcome }, n);
}
