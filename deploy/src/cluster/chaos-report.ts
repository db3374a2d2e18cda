import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';

import type { ChaosChecks } from './chaos-check.js';
import type { Fault } from './chaos-faults.js';
import { type Bucket, chaosPlot } from './chaos-plot.js';
import type { Sample } from './chaos-workload.js';

const BUCKET_MS = 5000;

function p99(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!;
}

export function bucketsOf(samples: Sample[], durationMs: number): Bucket[] {
  const buckets: Bucket[] = [];
  for (let t = 0; t < durationMs; t += BUCKET_MS) {
    const inside = samples.filter((s) => s.t >= t && s.t < t + BUCKET_MS);
    buckets.push({
      t,
      okPerS: inside.filter((s) => s.status >= 200 && s.status < 300).length / (BUCKET_MS / 1000),
      p99Ms: p99(inside.map((s) => s.ms)),
      errorsPerS: inside.filter((s) => s.status === 0 || s.status >= 500).length / (BUCKET_MS / 1000),
    });
  }
  return buckets;
}

export interface ChaosRun {
  startedAt: string;
  seed: number;
  minutes: number;
  faultsMode: 'all' | 'fewer';
  ratePerS: number;
  /** The nats-server version the cluster ran. */
  natsServer: string | undefined;
  /** Events the outbox relays published again: found missing by a read-back, or at a leader change. */
  republished?: { missing: string[]; atLeaderChange: string[] } | undefined;
  actors: { members: number; agents: number };
  samples: Sample[];
  /** The first answer of each operation and 4xx status. */
  refusals: Record<string, string>;
  faults: Fault[];
  checks: ChaosChecks;
  restarts: Record<string, number>;
  metrics: Array<{ process: string; url: string }>;
}

const secs = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);

/** Writes bench/reports/<date>-chaos.{md,json,svg}; returns the Markdown's path. */
export async function writeChaosReport(reportsDir: string, run: ChaosRun): Promise<string> {
  const durationMs = Math.max(run.minutes * 60_000, ...run.samples.map((s) => s.t));
  const buckets = bucketsOf(run.samples, durationMs);
  const name = `${run.startedAt.slice(0, 10)}-chaos${run.faultsMode === 'fewer' ? '-short' : ''}`;
  await mkdir(reportsDir, { recursive: true });
  await writeFile(join(reportsDir, `${name}.svg`), chaosPlot(buckets, run.faults, durationMs));
  const byStatus = new Map<string, number>();
  for (const s of run.samples) byStatus.set(String(s.status), (byStatus.get(String(s.status)) ?? 0) + 1);
  const rolling = run.faults.filter((f) => f.kind === 'rolling-restart' && f.startedAt !== undefined);
  const rollFrom = Math.min(...rolling.map((f) => f.startedAt!));
  const rollTo = Math.max(...rolling.map((f) => f.recoveredAt ?? f.endedAt ?? f.startedAt!));
  const inRoll = run.samples.filter((s) => s.t >= rollFrom && s.t <= rollTo);
  const rollFailed = inRoll.filter((s) => s.status >= 500);
  const rollCut = inRoll.filter((s) => s.status === 0);
  const json = {
    ...run,
    samples: undefined,
    buckets,
    durationMs,
    totals: { requests: run.samples.length, byStatus: Object.fromEntries(byStatus) },
    rollingRestart: { fromMs: rollFrom, toMs: rollTo, requests: inRoll.length, cut: rollCut.length, failed5xx: rollFailed.length },
    machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version },
  };
  await writeFile(join(reportsDir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  const c = run.checks;
  const md = [
    `# Chaos run, ${run.startedAt}`,
    '',
    `\`npm run chaos -- --minutes ${run.minutes}${run.faultsMode === 'fewer' ? ' --faults fewer' : ''} --seed ${run.seed}\` on ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, nats-server ${run.natsServer ?? '(version unknown)'}: ` +
      `three hosts (network namespaces), a three-node NATS JetStream cluster with streams at three replicas, every service, worker and gateway on each host, ` +
      `a TCP load balancer in front; ${run.actors.members} members over REST and ${run.actors.agents} agents over MCP at ${run.ratePerS} operations/s.`,
    '',
    `**Verdict: ${c.passed ? 'passed' : 'FAILED'}.**`,
    '',
    `![fault timeline against throughput, p99 latency and errors](${name}.svg)`,
    '',
    '## Checks',
    '',
    '| write | attempted | acknowledged (2xx) | acknowledged and present once | lost | doubled | committed though not acknowledged |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...c.writes.map((w) => `| ${w.kind} | ${w.attempted} | ${w.acked} | ${w.ackedOnce} | ${w.lost.length} | ${w.doubled.length} | ${w.committedUnacked} |`),
    '',
    `- Events: ${c.events.events} committed (${c.events.unpublished} not yet published); ${c.events.delivered} of ${c.events.expected} expected deliveries to ${c.events.consumers} durable consumers recorded in processed_events (a second delivery cannot be: the table's key is consumer and event). Missing: ${c.events.missing.length}. Published again by the outbox relays: ${run.republished ? `${run.republished.missing.length} found missing from the stream by a read-back, ${run.republished.atLeaderChange.length} acknowledged just before a leader change of the stream` : 'unknown'}.`,
    `- Uploads: ${c.uploads.acked} acknowledged, ${c.uploads.intact} ready in the database and byte-identical in object storage; lost ${c.uploads.lost.length}.`,
    `- 5xx other than 503: ${c.serverErrors.length}${
      c.serverErrors.length
        ? ` (${c.serverErrors
            .slice(0, 10)
            .map((e) => `${e.op} ${e.status} at ${secs(e.t)}`)
            .join(', ')})`
        : ''
    }.`,
    `- 503 outside a fault and its recovery (+15 s): ${c.unavailableOutsideFaults.length}${
      c.unavailableOutsideFaults.length
        ? ` (${c.unavailableOutsideFaults
            .slice(0, 10)
            .map((e) => `${e.op} at ${secs(e.t)}`)
            .join(', ')})`
        : ''
    }.`,
    `- Requests: ${run.samples.length} (${[...byStatus]
      .sort()
      .map(([s, n]) => `${s === '0' ? 'cut' : s}: ${n}`)
      .join(', ')}); each write retried under its idempotency key on a cut connection, 502, 503 or 504.`,
    '',
    '| request | answers | 2xx | 4xx | 503 | other 5xx | cut |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[...new Set(run.samples.map((s) => s.op))].sort().map((op) => {
      const mine = run.samples.filter((s) => s.op === op);
      const count = (test: (status: number) => boolean) => mine.filter((s) => test(s.status)).length;
      return `| ${op} | ${mine.length} | ${count((s) => s >= 200 && s < 300)} | ${count((s) => s >= 400 && s < 500)} | ${count((s) => s === 503)} | ${count((s) => s >= 500 && s !== 503)} | ${count((s) => s === 0)} |`;
    }),
    '',
    ...(Object.keys(run.refusals).length
      ? [
          '',
          'The first answer of each refusal (4xx) by request:',
          '',
          ...Object.entries(run.refusals)
            .sort()
            .map(([k, v]) => `- ${k}: \`${v.replace(/`/g, "'")}\``),
        ]
      : []),
    '',
    '## Rolling restart',
    '',
    rolling.length
      ? `${rolling.length} services restarted one replica at a time under load (${rolling.map((f) => f.target).join(', ')}), from ${secs(rollFrom)} to ${secs(rollTo)}: ${inRoll.length} requests, ${rollCut.length} whose connection was cut, ${rollFailed.length} answered 5xx.`
      : 'none in this run.',
    ...(rollFailed.length ? ['', `The 5xx answers during it: ${rollFailed.map((s) => `${s.op} ${s.status} at ${secs(s.t)}`).join(', ')}.`] : []),
    '',
    '## Faults',
    '',
    '| fault | target | began | action over | full service again | time to full service |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...run.faults.map(
      (f) =>
        `| ${f.kind} | ${f.target} | ${secs(f.startedAt)} | ${secs(f.endedAt)} | ${secs(f.recoveredAt)} | ${f.recoveredAt !== undefined && f.startedAt !== undefined ? secs(f.recoveredAt - f.startedAt) : 'not recovered'}${f.error ? ` (${f.error})` : ''} |`,
    ),
    '',
    '"Full service" is every process answering its health check, every NATS server healthy and a search through the load balancer answering 200. Processes that died were started again by the cluster runner after one second, as Kubernetes restarts a container.',
    '',
    `Restarts by the runner: ${
      Object.entries(run.restarts)
        .filter(([, n]) => n > 0)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ') || 'none'
    }.`,
    '',
    `Metrics were served by every process during the run (Prometheus, e.g. ${run.metrics
      .slice(0, 2)
      .map((m) => m.url)
      .join(', ')}, …).`,
    '',
  ].join('\n');
  const mdPath = join(reportsDir, `${name}.md`);
  await writeFile(mdPath, md);
  return mdPath;
}
