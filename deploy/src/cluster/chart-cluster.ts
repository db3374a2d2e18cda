import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { findNatsServer, httpStatus, natsMissingMessage, poll, thisHost } from '@marketplace/local-stack';

import type { Manifest } from '../helm/render-chart.js';
import { type ChartObjects, chartObjects, containerEnv, dockerfileEnv } from './chart-env.js';
import { type NameTable, serviceTable, urlHosts, writeHostsFiles } from './chart-hosts.js';
import { adminFromUrl, makeBucket, makeDatabaseAdmin, mcActions } from './chart-infra.js';
import { type ChartPod, podCommand, type PodContext, probeUrl } from './chart-pods.js';
import { type Workload, workloadsOf } from './chart-workloads.js';
import { startStorageHost } from './cluster.js';
import { type ClusterHost, createClusterNetwork } from './cluster-network.js';
import { ClusterProcess } from './cluster-process.js';
import { NATS_CLIENT_PORT, NATS_MONITOR_PORT, natsNodeConfig } from './nats-node-config.js';
import { startTcpBalancer } from './tcp-balancer.js';

const NODES = ['h1', 'h2', 'h3'];
const READY_TIMEOUT_MS = 150_000;
const JOB_TIMEOUT_MS = 120_000;
// Namespaces kept free for pods started later (the run's check of a broken Deployment).
const SPARE_PODS = 4;

export interface ChartClusterOptions {
  rootDir: string;
  manifests: Manifest[];
  /** Secrets the operator made before the install (the bus keys, NATS's users). */
  existingSecrets: Record<string, Record<string, string>>;
  /** The NATS servers' users and permissions, for servers the chart does not bundle. */
  natsAuthConf: string;
  /** Names outside the cluster pointed at addresses the bridge holds (the webhook receiver). */
  publicNames: Record<string, string>;
  log: (line: string) => void;
}

export interface ChartCluster {
  baseUrl: string;
  natsUrl: string;
  objects: ChartObjects;
  pods: ChartPod[];
  logsDir: string;
  /**
   * Rolls the given Deployments out on the running release (a new render of them): their running
   * pods are stopped, then the new ones started and waited for.
   */
  replaceDeployments(workloads: Workload[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The rendered chart on the three-host cluster: each pod a network namespace of its own on the
 * bridge (its own address, as on Kubernetes, so every pod keeps the ports the chart gives it),
 * scheduled on h1, h2 or h3 in turn; the hook Jobs in the order of their weights, then every
 * Deployment's pods, each process with exactly the command, environment and secrets the manifests
 * give it. A TCP load balancer in this namespace stands for the gateway's Service and Ingress.
 */
export async function startChartCluster(opts: ChartClusterOptions): Promise<ChartCluster> {
  const run = process.pid % 1000;
  const runDir = join('/tmp', `mkc-chart-${run}-${randomBytes(3).toString('hex')}`);
  const logsDir = join(runDir, 'logs');
  await mkdir(logsDir, { recursive: true });
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const undo of cleanups.reverse()) await undo().catch((error: unknown) => opts.log(`cleanup: ${String(error)}`));
    cleanups.length = 0;
  };
  try {
    const workloads = workloadsOf(opts.manifests);
    const objects = chartObjects(opts.manifests, opts.existingSecrets);
    const imageEnv = dockerfileEnv(await readFile(join(opts.rootDir, 'docker/Dockerfile'), 'utf8'));
    const natsBinary = await findNatsServer();
    if (!natsBinary) throw new Error(natsMissingMessage(await thisHost()));
    const binDir = join(runDir, 'bin');
    await mkdir(binDir);
    await symlink(process.execPath, join(binDir, 'node'));
    const ctx: PodContext = { rootDir: opts.rootDir, binDir, natsBinary, objects, imageEnv };

    const bundledNats = workloads.find((w) => w.kind === 'StatefulSet' && w.container.image.startsWith('nats:'));
    const bundledPostgres = workloads.find((w) => w.kind === 'StatefulSet' && w.container.image.startsWith('postgres:'));
    const jobs = workloads.filter((w) => w.kind === 'Job');
    const deployments = workloads.filter((w) => w.kind === 'Deployment');
    // Without a bundled NATS, the operator's: a JetStream cluster of three, as production values expect.
    const natsCount = bundledNats?.replicas ?? 3;
    const podCount = deployments.reduce((n, d) => n + d.replicas, 0);
    const network = await createClusterNetwork({ hosts: 1 + natsCount + jobs.length + podCount + SPARE_PODS, run });
    cleanups.push(() => network.remove());
    cleanups.push(async () => {
      for (const entry of ['storage', 'pods']) await rm(join(runDir, entry), { recursive: true, force: true });
      opts.log(`logs kept in ${logsDir}`);
    });
    const free = [...network.hosts];
    let scheduled = 0;
    const place = (workload: Workload, index: number): ChartPod => {
      const host = free.shift();
      if (!host) throw new Error('no namespace left for another pod');
      const name = workload.kind === 'Deployment' ? `${workload.name}-${randomBytes(4).toString('hex')}` : `${workload.name}-${index}`;
      return { name, workload, host, node: NODES[scheduled++ % NODES.length]!, dir: join(runDir, 'pods', name) };
    };
    const storageHost = free.shift()!;
    const natsHosts = free.splice(0, natsCount);
    const jobPods = jobs.map((j) => place(j, 0));
    const deploymentPods = deployments.flatMap((d) => Array.from({ length: d.replicas }, (_, i) => place(d, i)));

    // Names: the chart's Services, then the servers its settings name (a managed database, NATS, S3).
    const infraAddress = (w: Workload) =>
      w === bundledNats ? natsHosts[0]!.address : w.kind === 'StatefulSet' ? storageHost.address : deploymentPods.find((p) => p.workload === w)?.host.address;
    const names: NameTable = serviceTable(opts.manifests, workloads, infraAddress);
    const settings = workloads.flatMap((w) => {
      try {
        return Object.entries(containerEnv(w.name, w.container, objects, { name: w.name, imageEnv: {} }));
      } catch {
        return [];
      }
    });
    for (const { scheme, host } of urlHosts(settings.map(([, v]) => v))) {
      if (names.has(host)) continue;
      if (scheme === 'nats') names.set(host, natsHosts[0]!.address);
      else if (scheme.startsWith('postgres')) names.set(host, storageHost.address);
    }
    for (const [key, value] of settings) {
      const [s3] = key === 'S3_ENDPOINT' ? urlHosts([value]) : [];
      if (s3 && !names.has(s3.host)) names.set(s3.host, storageHost.address);
    }
    for (const [name, address] of Object.entries(opts.publicNames)) names.set(name, address);
    cleanups.push(await writeHostsFiles(network, names, [...new Set(Object.values(opts.publicNames))]));
    opts.log(
      `${network.hosts.length} pod namespaces on ${network.bridge} (${network.subnet}); ${names.size} names (the Services and ${[...names.keys()].filter((n) => !n.includes('marketplace')).join(', ')})`,
    );

    // PostgreSQL and object storage (see chart-infra.ts), and the database's admin.
    const storage = await startStorageHost(opts.rootDir, storageHost, join(runDir, 'storage'), network.subnet, join(logsDir, 'storage.log'));
    cleanups.push(() => storage.stop());
    const adminUrl = jobs.map((j) => safeEnv(j, objects).ADMIN_DATABASE_URL ?? safeEnv(j, objects).DATABASE_URL).find(Boolean);
    if (bundledPostgres) {
      const env = containerEnv(bundledPostgres.name, bundledPostgres.container, objects, { name: `${bundledPostgres.name}-0`, imageEnv: {} });
      await makeDatabaseAdmin(storage, {
        user: env.POSTGRES_USER ?? 'postgres',
        password: env.POSTGRES_PASSWORD ?? '',
        database: env.POSTGRES_DB ?? env.POSTGRES_USER ?? 'postgres',
        superuser: true,
      });
    } else if (adminUrl) {
      await makeDatabaseAdmin(storage, adminFromUrl(adminUrl, false));
    }
    opts.log(
      `storage: PostgreSQL and s3rver on ${storageHost.address} (${bundledPostgres ? "the bundled servers' stand-ins" : "the operator's servers' stand-ins"})`,
    );

    const processes: ClusterProcess[] = [];
    const exits = new Map<string, number>();
    cleanups.push(async () => {
      await Promise.all(processes.map((p) => p.stop(10_000)));
      processes.forEach((p) => p.close());
    });
    const launch = (name: string, host: ClusterHost, command: { command: string; args: string[]; env: Record<string, string> }) => {
      const proc = new ClusterProcess(name, host, command.command, command.args, command.env, {
        logFile: join(logsDir, `${name}.log`),
        restartDelayMs: 1000,
        onEvent: (e) => {
          if (e.what === 'exited') exits.set(e.process, (exits.get(e.process) ?? 0) + 1);
        },
      });
      processes.push(proc);
      proc.start();
      return proc;
    };

    // NATS: the chart's StatefulSet as rendered, or three servers of the operator's.
    const natsPods = natsHosts.map((host, i) => ({ host, name: `${bundledNats?.name ?? 'nats'}-${i}` }));
    for (const { host, name } of natsPods) {
      if (bundledNats) {
        const pod: ChartPod = { name, workload: bundledNats, host, node: NODES[natsHosts.indexOf(host) % NODES.length]!, dir: join(runDir, 'pods', name) };
        launch(name, host, await podCommand(pod, ctx));
      } else {
        const dir = join(runDir, 'pods', name);
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, 'nats.conf'), natsNodeConfig(host, natsHosts, dir, opts.natsAuthConf), { mode: 0o600 });
        launch(name, host, { command: natsBinary, args: ['-c', join(dir, 'nats.conf')], env: { ...(process.env as Record<string, string>), GOMAXPROCS: '1' } });
      }
    }
    const natsReady = await poll(
      async () =>
        (await Promise.all(natsHosts.map((h) => httpStatus(`http://${h.address}:${NATS_MONITOR_PORT}/healthz?js-enabled-only=true`)))).every((s) => s === 200),
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    if (natsReady !== 'ready') throw new Error(`NATS did not become ready (logs in ${logsDir})`);
    const natsUrl = `nats://${natsHosts[0]!.address}:${NATS_CLIENT_PORT}`;
    opts.log(
      `nats: ${natsHosts.length} server(s) ready (${bundledNats ? `StatefulSet ${bundledNats.name}, its rendered config` : "the operator's cluster of three"})`,
    );

    // The hook Jobs, lowest weight first; the Jobs of one weight together.
    const storeActions = { buckets: 0, users: 0 };
    for (const weight of [...new Set(jobs.map((j) => j.hookWeight))].sort((a, b) => a - b)) {
      await Promise.all(
        jobPods
          .filter((p) => p.workload.hookWeight === weight)
          .map(async (pod) => {
            if (pod.workload.container.image.startsWith('minio/mc')) {
              const env = containerEnv(pod.workload.name, pod.workload.container, objects, { name: pod.name, imageEnv: {} });
              const actions = mcActions([...(pod.workload.container.command ?? []), ...(pod.workload.container.args ?? [])].join('\n'), env);
              for (const bucket of actions.buckets) await makeBucket(storage.s3, bucket);
              for (const user of actions.users) await storage.addS3Key(user.id, user.secret);
              storeActions.buckets += actions.buckets.length;
              storeActions.users += actions.users.length;
              opts.log(
                `job ${pod.workload.name} (weight ${weight}): done by the run: ${actions.buckets.length} bucket(s), ${actions.users.length} store user(s)`,
              );
              return;
            }
            const began = Date.now();
            await runJob(pod, await podCommand(pod, ctx), logsDir);
            opts.log(`job ${pod.workload.name} (weight ${weight}): succeeded in ${((Date.now() - began) / 1000).toFixed(1)} s`);
          }),
      );
    }
    // Without the chart's store Jobs (production values: the operator's S3), the operator made the
    // bucket and one user per service before the install: done here with the keys the Deployments carry.
    const appSettings = deployments.map((d) => containerEnv(d.name, d.container, objects, { name: d.name, imageEnv: {} }));
    if (!storeActions.buckets) {
      for (const bucket of new Set(appSettings.map((e) => e.S3_BUCKET).filter((b): b is string => Boolean(b)))) await makeBucket(storage.s3, bucket);
    }
    if (!storeActions.users) {
      for (const e of appSettings) if (e.S3_ACCESS_KEY && e.S3_SECRET_KEY) await storage.addS3Key(e.S3_ACCESS_KEY, e.S3_SECRET_KEY);
    }

    const running: Array<{ pod: ChartPod; proc: ClusterProcess }> = [];
    const startPods = async (pods: ChartPod[], podCtx: PodContext) => {
      const began = Date.now();
      const started = await Promise.all(
        pods.map(async (pod) => ({
          pod,
          proc: launch(`${pod.workload.name}@${pod.node}-${pod.host.address.split('.').pop()}`, pod.host, await podCommand(pod, podCtx)),
        })),
      );
      running.push(...started);
      const failures: string[] = [];
      await Promise.all(
        started.map(async ({ pod, proc }) => {
          const url = probeUrl(pod);
          if (!url) return;
          const outcome = await poll(async () => (await httpStatus(url)) === 200, {
            timeoutMs: READY_TIMEOUT_MS,
            intervalMs: 500,
            stopIf: () => (exits.get(proc.name) ?? 0) >= 2,
          });
          if (outcome !== 'ready')
            failures.push(
              `${proc.name} ${outcome === 'stopped' ? `exited ${exits.get(proc.name)} times` : `not ready within ${READY_TIMEOUT_MS / 1000} s`}: ${await lastError(join(logsDir, `${proc.name}.log`))}`,
            );
        }),
      );
      if (failures.length) throw new Error(`pods not ready:\n  ${failures.join('\n  ')}`);
      opts.log(
        `${pods.length} pod(s) ready in ${((Date.now() - began) / 1000).toFixed(1)} s: ${pods.map((p) => `${p.workload.name.replace(/^.*?-marketplace-/, '')}@${p.node}`).join(', ')}`,
      );
    };
    await startPods(deploymentPods, ctx);

    const gateways = deploymentPods.filter((p) => safeEnv(p.workload, objects).APP === 'gateway');
    const balancer = await startTcpBalancer({
      host: network.bridgeAddress,
      port: 8080,
      backends: gateways.map((p) => ({ name: p.name, host: p.host.address, port: 3000, healthUrl: probeUrl(p)! })),
    });
    cleanups.splice(cleanups.length - 1, 0, () => balancer.close());
    let stopping: Promise<void> | undefined;
    return {
      baseUrl: `http://${network.bridgeAddress}:8080`,
      natsUrl,
      objects,
      pods: deploymentPods,
      logsDir,
      replaceDeployments: async (more) => {
        const names = new Set(more.map((d) => d.name));
        await Promise.all(running.filter((r) => names.has(r.pod.workload.name)).map((r) => r.proc.stop(10_000)));
        await startPods(
          more.flatMap((d) => Array.from({ length: d.replicas }, (_, n) => place(d, n))),
          ctx,
        );
      },
      stop: () => (stopping ??= cleanup()),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function safeEnv(w: Workload, objects: ChartObjects): Record<string, string> {
  try {
    return containerEnv(w.name, w.container, objects, { name: w.name, imageEnv: {} });
  } catch {
    return {};
  }
}

/** Runs a Job's pod to its end (one attempt: a failure is reported, not retried as backoffLimit would). */
async function runJob(pod: ChartPod, command: { command: string; args: string[]; env: Record<string, string> }, logsDir: string): Promise<void> {
  const logFile = join(logsDir, `${pod.name}.log`);
  const child = spawn('ip', ['netns', 'exec', pod.host.namespace, command.command, ...command.args], { env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => chunks.push(c));
  const timer = setTimeout(() => child.kill('SIGKILL'), JOB_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(timer);
  const output = Buffer.concat(chunks).toString('utf8');
  await writeFile(logFile, output);
  if (code !== 0) throw new Error(`Job ${pod.workload.name} failed (exit ${code}): ${output.trim().split('\n').slice(-5).join(' | ')}`);
}

/** The last error a process logged (pino JSON or plain text), for a failure message that says why. */
async function lastError(logFile: string): Promise<string> {
  const lines = (await readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
  const errorLine = [...lines].reverse().find((l) => /error|refus|not configured|missing|set [A-Z_]+/i.test(l)) ?? lines.at(-1) ?? '(no output)';
  try {
    const parsed = JSON.parse(errorLine) as { msg?: string; err?: { message?: string } };
    return parsed.err?.message ?? parsed.msg ?? errorLine;
  } catch {
    return errorLine.slice(0, 400);
  }
}
