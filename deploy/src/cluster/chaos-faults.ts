import { setTimeout as sleep } from 'node:timers/promises';

import { GATEWAY, httpStatus, poll, SERVICES } from '@marketplace/local-stack';
import { seededRandom } from '@marketplace/testing';

import type { Cluster, ServiceProcess } from './cluster.js';
import { NATS_MONITOR_PORT } from './nats-node-config.js';

export type FaultKind = 'kill-process' | 'nats-restart' | 'host-cut' | 'postgres-restart' | 'rolling-restart';

export interface Fault {
  kind: FaultKind;
  target: string;
  /** Planned start, ms after the run began. */
  at: number;
  /** When it began and when its action was over (the link back up, the server started again), ms after the run began. */
  startedAt?: number;
  endedAt?: number;
  /** When every process answered its health check and a read through the load balancer succeeded again. */
  recoveredAt?: number;
  error?: string;
}

/**
 * The run's faults: a rolling restart of the services (one replica at a time) first, then, spread
 * over the rest of the run, SIGKILLs of random service and worker processes, one NATS server killed
 * and started again, one host cut off the bridge for a few seconds, and one PostgreSQL restart.
 * `fewer` keeps one of each and rolls two services only (CI's short run).
 */
export function planFaults(opts: { seed: number; durationMs: number; fewer: boolean; hosts: string[] }): Fault[] {
  const random = seededRandom(opts.seed);
  const pickOf = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const rollable = opts.fewer ? ['jobs', GATEWAY] : SERVICES.map((s) => s.name);
  const faults: Fault[] = rollable.map((name) => ({ kind: 'rolling-restart' as const, target: name, at: 10_000 }));
  const killable = SERVICES.filter((s) => s.name !== GATEWAY).map((s) => s.name);
  const singles: FaultKind[] = ['nats-restart', 'host-cut', 'postgres-restart'];
  const kills = opts.fewer ? 1 : Math.max(3, Math.floor(opts.durationMs / 60_000));
  const others: FaultKind[] = [...singles, ...Array.from({ length: kills }, () => 'kill-process' as const)];
  // Shuffled, then spread evenly over the time after the rolling restart's share.
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  const from = opts.fewer ? 0.3 : 0.4;
  const to = opts.fewer ? 0.7 : 0.85;
  others.forEach((kind, i) => {
    const at = Math.round(opts.durationMs * (from + ((to - from) * i) / Math.max(1, others.length - 1)));
    const target = kind === 'kill-process' ? `${pickOf(killable)}@${pickOf(opts.hosts)}` : kind === 'postgres-restart' ? 'postgres' : pickOf(opts.hosts);
    faults.push({ kind, target, at });
  });
  return faults;
}

/** Every process healthy, every NATS server healthy, and a search through the load balancer answered 200. */
export async function fullyServing(cluster: Cluster): Promise<boolean> {
  const checks = [
    ...cluster.services.map((s) =>
      httpStatus(s.definition.name === GATEWAY ? `http://${s.host.address}:3000/api/health/ready` : `${s.healthUrl}/health`, 1500),
    ),
    ...cluster.network.hosts.map((h) => httpStatus(`http://${h.address}:${NATS_MONITOR_PORT}/healthz`, 1500)),
    httpStatus(`${cluster.baseUrl}/api/jobs/search?q=rows`, 3000),
  ];
  return (await Promise.all(checks)).every((status) => status === 200);
}

/**
 * Runs the faults: the rolling restarts first, three services at a time (each one replica at a
 * time), then the others in order, each once the previous one has recovered (or at its planned
 * time, if later).
 */
export async function runFaults(opts: { cluster: Cluster; faults: Fault[]; began: number; log: (line: string) => void; signal: AbortSignal }): Promise<void> {
  const { cluster, log } = opts;
  const now = () => Date.now() - opts.began;
  const processNamed = (name: string): ServiceProcess => {
    const found = cluster.services.find((s) => s.name === name);
    if (!found) throw new Error(`no process ${name}`);
    return found;
  };
  const runOne = async (fault: Fault) => {
    const wait = fault.at - now();
    if (wait > 0) await sleep(wait, undefined, { signal: opts.signal }).catch(() => undefined);
    if (opts.signal.aborted) return;
    fault.startedAt = now();
    log(`fault: ${fault.kind} ${fault.target} (t=${(fault.startedAt / 1000).toFixed(1)} s)`);
    try {
      switch (fault.kind) {
        case 'kill-process':
          await processNamed(fault.target).kill();
          break;
        case 'nats-restart': {
          const node = cluster.nats.find((n) => n.host.name === fault.target)!;
          await node.crash();
          await sleep(10_000);
          node.start();
          break;
        }
        case 'host-cut': {
          const host = cluster.network.hosts.find((h) => h.name === fault.target)!;
          await cluster.network.setLink(host, false);
          await sleep(8_000);
          await cluster.network.setLink(host, true);
          break;
        }
        case 'postgres-restart':
          await cluster.restartPostgres();
          break;
        case 'rolling-restart':
          // One replica at a time: drain it (SIGTERM), start it again, wait until it is healthy, then the next host.
          for (const host of cluster.network.hosts) {
            const proc = processNamed(`${fault.target}@${host.name}`);
            await proc.stop(30_000);
            proc.start();
            if (!(await cluster.waitHealthy(proc, 120_000))) throw new Error(`${proc.name} was not healthy again within 120 s`);
          }
          break;
      }
    } catch (error) {
      fault.error = error instanceof Error ? error.message : String(error);
      log(`fault ${fault.kind} ${fault.target} failed: ${fault.error}`);
    }
    fault.endedAt = now();
    const outcome = await poll(() => fullyServing(cluster), { timeoutMs: 180_000, intervalMs: 250 });
    if (outcome === 'ready') fault.recoveredAt = now();
    log(
      `fault: ${fault.kind} ${fault.target} ${
        fault.recoveredAt !== undefined
          ? `recovered ${((fault.recoveredAt - fault.startedAt) / 1000).toFixed(1)} s after it began`
          : 'NOT recovered within 180 s'
      }`,
    );
  };
  const rolling = opts.faults.filter((f) => f.kind === 'rolling-restart');
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      for (let fault = rolling.shift(); fault; fault = rolling.shift()) await runOne(fault);
    }),
  );
  for (const fault of opts.faults.filter((f) => f.kind !== 'rolling-restart')) await runOne(fault);
}
