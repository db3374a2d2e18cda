import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { BUS_CREDENTIALS_ENV, createMembers, mcpAccessToken } from '@marketplace/testing';

import { parseArgs } from '../cli/cli-args.js';
import { checkChaos } from './chaos-check.js';
import { planFaults, runFaults } from './chaos-faults.js';
import { writeChaosReport } from './chaos-report.js';
import { eventsReplicas, findRepublished, readBackCounts, type Republished } from './chaos-republished.js';
import { type Actor, ChaosWorkload } from './chaos-workload.js';
import { type Cluster, startCluster } from './cluster.js';
import { NATS_MONITOR_PORT } from './nats-node-config.js';

// `npm run chaos -- --minutes N [--faults fewer] [--seed S] [--rate R]`: the three-host cluster
// under a mixed load of members (REST) and agents (MCP) while processes are killed, a NATS server
// is killed and started again, a host is cut off the network and PostgreSQL restarts; then the
// databases and the event log are checked and a report is written to bench/reports/.
// It exits 0 only when every check passed.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { flags } = parseArgs(process.argv.slice(2));
const minutes = Number(flags.minutes ?? 10);
const fewer = flags.faults === 'fewer';
const seed = Number(flags.seed ?? Date.now() % 1_000_000);
const ratePerS = Number(flags.rate ?? 8);
if (!(minutes > 0) || !(ratePerS > 0) || !Number.isInteger(seed)) throw new Error('--minutes and --rate must be positive numbers, --seed an integer');

const began = Date.now();
const log = (line: string) => process.stdout.write(`[chaos ${((Date.now() - began) / 1000).toFixed(1).padStart(6)} s] ${line}\n`);
const abort = new AbortController();
let cluster: Cluster | undefined;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(1);
    interrupted = true;
    log(`${signal}: stopping the run`);
    abort.abort();
  });
}

// Members and agents spread the per-member limits; these lift the rest, as the benchmarks do.
const LIMITS = {
  API_KEY_RATE_LIMIT: '100000000',
  OAUTH_REQUESTS_PER_MINUTE: '100000000',
  JOB_POSTS_PER_MINUTE: '100000',
  JOB_POSTS_PER_DAY: '100000',
  APPLICATIONS_PER_MINUTE: '100000',
  APPLICATIONS_PER_DAY: '100000',
  MESSAGES_PER_MINUTE: '100000',
  MESSAGES_PER_DAY: '100000',
  FILE_WRITES_PER_MINUTE: '100000',
  SEARCHES_PER_MINUTE: '100000',
  WRITE_LIMIT_APPLICATION_DECISIONS: '100000',
};

async function main(): Promise<number> {
  log(`seed ${seed}; ${minutes} minute(s) of load; faults: ${fewer ? 'fewer' : 'all'}`);
  cluster = await startCluster({ rootDir, log, env: LIMITS, signal: abort.signal });
  log(`cluster up at ${cluster.baseUrl}; metrics:`);
  for (const m of cluster.metrics()) log(`  ${m.process.padEnd(28)} ${m.url}`);
  process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(cluster.credentials);
  const members = await createMembers(cluster.natsUrl, 18);
  const agents = await createMembers(cluster.natsUrl, 3);
  const agentActors: Actor[] = [];
  for (const member of agents) agentActors.push({ member, token: await mcpAccessToken(cluster.baseUrl, cluster.mailDir, member) });
  const actors: Actor[] = members.map((member) => ({ member }));
  const posters = [...actors.slice(0, 6), agentActors[0]!];
  const applicants = [...actors.slice(6), ...agentActors.slice(1)];
  log(`${members.length} members (REST) and ${agentActors.length} agents (MCP) ready`);

  const runBegan = Date.now();
  const durationMs = minutes * 60_000;
  const workload = new ChaosWorkload(cluster.baseUrl, posters, applicants, runBegan, ratePerS);
  const faults = planFaults({ seed, durationMs, fewer, hosts: cluster.network.hosts.map((h) => h.name) });
  log(`faults planned (seed ${seed}): ${faults.map((f) => `${f.kind} ${f.target} at ${(f.at / 1000).toFixed(0)} s`).join('; ')}`);
  workload.start();
  const faulting = runFaults({ cluster, faults, began: runBegan, log, signal: abort.signal });
  await sleep(durationMs, undefined, { signal: abort.signal }).catch(() => undefined);
  // The faults still under way finish (a cut link comes back, a server restarts) before the load stops.
  await faulting;
  await workload.stop();
  log(`load stopped: ${workload.samples.length} requests, ${workload.writes.filter((w) => w.acked).length} writes acknowledged`);

  const checks = await checkChaos({ databaseUrl: cluster.databaseUrl, s3: cluster.s3, writes: workload.writes, samples: workload.samples, faults, log });
  const republished: Republished | undefined = await findRepublished(cluster.natsUrl).catch((err: unknown) => {
    log(`could not read the events stream for re-published events: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  });
  const readBacks = await readBackCounts(cluster.metrics().map((m) => m.url));
  const replicas = await eventsReplicas(cluster.network.hosts.map((h) => ({ name: h.name, url: `http://${h.address}:${NATS_MONITOR_PORT}` })));
  const restarts = Object.fromEntries([...cluster.services, ...cluster.nats].map((p) => [p.name, p.restarts]));
  const report = await writeChaosReport(join(rootDir, 'bench', 'reports'), {
    startedAt: new Date(began).toISOString(),
    seed,
    minutes,
    faultsMode: fewer ? 'fewer' : 'all',
    ratePerS,
    natsServer: cluster.natsVersion,
    republished,
    actors: { members: members.length, agents: agentActors.length },
    samples: workload.samples,
    refusals: Object.fromEntries(workload.refusals),
    faults,
    checks,
    restarts,
    metrics: cluster.metrics(),
  });
  const lost = checks.writes.reduce((n, w) => n + w.lost.length, 0);
  const doubled = checks.writes.reduce((n, w) => n + w.doubled.length, 0);
  const acked = checks.writes.reduce((n, w) => n + w.acked, 0);
  log('summary:');
  log(`  writes acknowledged ${acked}; lost ${lost}; doubled ${doubled}`);
  log(`  events ${checks.events.events}; deliveries ${checks.events.delivered}/${checks.events.expected}; missing ${checks.events.missing.length}`);
  log(
    `  events published again by the outbox relays: ${republished ? `${republished.missing.length} found missing by a read-back, ${republished.atLeaderChange.length} at a leader change` : 'unknown'}; ` +
      `read-backs counted by the running processes: ${
        Object.entries(readBacks)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'none'
      }`,
  );
  log(`  events stream replicas: ${replicas}`);
  log(`  uploads acknowledged ${checks.uploads.acked}; intact ${checks.uploads.intact}`);
  log(`  5xx other than 503: ${checks.serverErrors.length}; 503 outside faults: ${checks.unavailableOutsideFaults.length}`);
  for (const f of faults) {
    log(
      `  ${f.kind} ${f.target}: ${f.recoveredAt !== undefined && f.startedAt !== undefined ? `full service ${((f.recoveredAt - f.startedAt) / 1000).toFixed(1)} s after it began` : 'not recovered'}`,
    );
  }
  log(`  report: ${report}`);
  log(`chaos: ${checks.passed ? 'passed' : 'FAILED'}`);
  return checks.passed ? 0 : 1;
}

process.exitCode = await main()
  .catch((error: unknown) => {
    log(`the chaos run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  })
  .finally(async () => {
    await cluster?.stop();
    log('cluster stopped; namespaces and processes removed');
  });
