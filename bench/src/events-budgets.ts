import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';

import type { PerEvent, ReadBackCost } from './read-back-cost.js';
import type { WebhookRate } from './webhook-rate.js';

/**
 * The read-back is insurance against a fault of nats-server before 2.11 (0006): it must cost a
 * small part of what it insures, the relay's publishing. Under a quarter of the relay's own cost
 * per event: its NATS messages (counted exactly), and its CPU (the relay's host, NATS and
 * PostgreSQL together) where the host resolves it. On a shared machine a round's CPU per event
 * moves by more than the read-back costs, so the CPU verdict is given only when every round falls
 * on the same side of the budget (see the report of 2026-12-07).
 */
export const READ_BACK_BUDGET = { maxRatio: 0.25 };

/**
 * A webhook is the pushed form of an alert, so the alert's budget (deliverable within 250 ms p99
 * of its commit) holds for it too, at a steady rate a member or the whole system sees. The rates:
 * many members' endpoints drain at least 200 deliveries a second, about one per write at the
 * 1,000 req/s target's fifth of writes; one endpoint (its cap is two attempts in flight) at least
 * 50 a second, a busy poster's burst of a hundred alerts gone in two seconds.
 */
export const WEBHOOK_BUDGETS = {
  one: { pacedPerS: 20, floodEvents: 200, minPerSecond: 50, p99BelowMs: 250 },
  many: { pacedPerS: 100, floodEvents: 1000, minPerSecond: 200, p99BelowMs: 250 },
} as const;

const ms = (n: number) => n.toFixed(3);

function perEventLine(name: string, p: PerEvent): string {
  return (
    `  ${name.padEnd(16)} host ${ms(p.hostCpuMs)} ms, NATS ${ms(p.natsCpuMs)} ms, PostgreSQL ${ms(p.postgresCpuMs)} ms CPU; ` +
    `${p.natsMsgs.toFixed(2)} NATS msgs, ${Math.round(p.natsBytes)} bytes; ${p.jsApiRequests.toFixed(2)} JetStream API requests; ${p.relayStatements.toFixed(2)} relay statements`
  );
}

export function readBackReport(cost: ReadBackCost): { lines: string[]; met: boolean; cost: ReadBackCost } {
  const max = READ_BACK_BUDGET.maxRatio;
  const cpu = cost.cpuRatioRounds.every((r) => r < max)
    ? 'met'
    : cost.cpuRatioRounds.every((r) => r >= max)
      ? 'NOT met'
      : 'not resolved on this host (its rounds fall either side)';
  const msgsMet = cost.msgsRatio < max;
  const met = msgsMet && cpu !== 'NOT met';
  return {
    met,
    cost,
    lines: [
      `outbox read-back cost per event, ${cost.topology} (${cost.events} events, median of rounds):`,
      perEventLine('producer alone', cost.modes.producer),
      perEventLine('+ relay', cost.modes.relay),
      perEventLine('+ read-back', cost.modes['relay+read-back']),
      perEventLine('relay', cost.relay),
      perEventLine('read-back', cost.readBack),
      `  read-back / relay: ${cost.msgsRatio.toFixed(2)} of its NATS messages (budget < ${max}: ${msgsMet ? 'met' : 'NOT met'}); ` +
        `${cost.cpuRatio.toFixed(2)} of its CPU (host alone ${cost.hostCpuRatio.toFixed(2)}), in each round ${cost.cpuRatioRounds.map((r) => r.toFixed(2)).join(', ')} (budget < ${max}: ${cpu})`,
      `  read-back budget: ${met ? 'met' : 'NOT met'}`,
    ],
  };
}

export function webhookReport(rate: WebhookRate, budget: { minPerSecond: number; p99BelowMs: number }): { lines: string[]; met: boolean } {
  const { paced, flood } = rate;
  const met =
    paced.delivered === paced.offered && flood.delivered === flood.offered && paced.latencyMs.p99 < budget.p99BelowMs && flood.perSecond >= budget.minPerSecond;
  return {
    met,
    lines: [
      `webhooks, ${rate.label} (${rate.endpoints} endpoint${rate.endpoints === 1 ? '' : 's'}), event stored -> webhook received:`,
      `  paced ${paced.ratePerS}/s: ${paced.delivered} of ${paced.offered} delivered, ${paced.perSecond}/s; p50 ${paced.latencyMs.p50} ms, p90 ${paced.latencyMs.p90} ms, p99 ${paced.latencyMs.p99} ms, max ${paced.latencyMs.max} ms`,
      `  flood of ${flood.offered}: ${flood.delivered} delivered at ${flood.perSecond}/s; p50 ${flood.latencyMs.p50} ms, p99 ${flood.latencyMs.p99} ms`,
      `  budget >= ${budget.minPerSecond}/s draining, p99 < ${budget.p99BelowMs} ms paced, none lost: ${met ? 'met' : 'NOT met'}`,
    ],
  };
}

/** The host's load averages (1, 5, 15 minutes): other engineers' builds share this machine. */
export function loadLine(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

/**
 * A same-run yardstick of the host's speed: milliseconds to hash 32 MiB with SHA-256 on this
 * thread. Beside each phase it says how much other processes slowed this one, against the same
 * figure on a quiet host.
 */
export function hostBaselineMs(): number {
  const chunk = Buffer.alloc(1 << 20, 7);
  const start = performance.now();
  const hash = createHash('sha256');
  for (let i = 0; i < 32; i++) hash.update(chunk);
  hash.digest();
  return Math.round(performance.now() - start);
}
