import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { parseArgs } from '../cli/cli-args.js';
import { type Cluster, startCluster } from './cluster.js';

// `npm run cluster [-- --minutes N]`: the marketplace on three hosts (network namespaces), until
// the time is up or Ctrl-C; then every process and namespace it made is gone again.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { flags } = parseArgs(process.argv.slice(2));
const minutes = Number(flags.minutes ?? 10);
if (!(minutes > 0)) throw new Error(`--minutes must be a positive number, not "${String(flags.minutes)}"`);

const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
let cluster: Cluster | undefined;
let stopping = false;
const stopped = new AbortController();

async function shutdown(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`stopping the cluster (${reason})…`);
  stopped.abort();
  await cluster?.stop();
  log('stopped; namespaces and processes removed');
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // While it starts, the start itself stops and removes what it made (then the catch below reports it).
    if (!cluster) return void stopped.abort();
    void shutdown(signal).then(() => process.exit(0));
  });
}

try {
  cluster = await startCluster({ rootDir, log, signal: stopped.signal });
  log(`the marketplace is running at ${cluster.baseUrl} (load balancer over ${cluster.network.hosts.length} gateways)`);
  log(`NATS: ${cluster.natsUrl}; PostgreSQL: ${cluster.databaseUrl.replace(/:[^:@/]+@/, ':***@')}; object storage: ${cluster.s3.endpoint}`);
  log('metrics (Prometheus):');
  for (const m of cluster.metrics()) log(`  ${m.process.padEnd(28)} ${m.url}`);
  log(`it stops by itself in ${minutes} minute(s); Ctrl-C stops it sooner`);
  await sleep(minutes * 60_000, undefined, { signal: stopped.signal }).catch(() => undefined);
  await shutdown('time is up');
} catch (error) {
  log(`the cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown('startup failed');
  process.exitCode = 1;
}
