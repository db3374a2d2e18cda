import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { BUS_PRINCIPALS, type BusPrincipal } from '@marketplace/contracts';
import {
  buildServiceEnv,
  describeExit,
  findNatsServer,
  GATEWAY,
  generateOAuthKeys,
  httpStatus,
  natsMissingMessage,
  natsServerEnv,
  nodeFlagsFor,
  poll,
  type S3Settings,
  sendSignal,
  type ServiceDefinition,
  serviceProcessEnv,
  SERVICES,
  startMailCatcher,
  terminate,
  terminateOnParentExit,
  thisHost,
  track,
} from '@marketplace/local-stack';
import { type BusCredentials, busEnv, generateBusCredentials, natsServerConfig, publicKeyOf } from '@marketplace/service-kit/bus-credentials';

import { type ClusterHost, type ClusterNetwork, createClusterNetwork } from './cluster-network.js';
import { ClusterProcess, type ProcessEvent } from './cluster-process.js';
import { NATS_CLIENT_PORT, NATS_MONITOR_PORT, natsNodeConfig } from './nats-node-config.js';
import { natsServerVersion, replicatedStreamsWarning } from './nats-version.js';
import { startTcpBalancer, type TcpBalancer } from './tcp-balancer.js';

const GATEWAY_PORT = 3000;
const FIRST_HEALTH_PORT = 8081;
const BALANCER_PORT = 8080;
const HEALTH_TIMEOUT_MS = 180_000;

/** One service or worker process on one host, e.g. `jobs@h2`. */
export interface ServiceProcess extends ClusterProcess {
  readonly definition: ServiceDefinition;
  readonly healthUrl: string;
}

export interface Cluster {
  network: ClusterNetwork;
  /** The load balancer in front of the gateways: the cluster's public address. */
  baseUrl: string;
  balancer: TcpBalancer;
  natsUrl: string;
  /** What `nats-server --version` said, for the report. */
  natsVersion: string | undefined;
  databaseUrl: string;
  s3: S3Settings;
  credentials: BusCredentials;
  mailDir: string;
  nats: ClusterProcess[];
  services: ServiceProcess[];
  /** Every start, exit and restart of a cluster process, in order. */
  events: ProcessEvent[];
  /** Each process's Prometheus metrics address. */
  metrics(): Array<{ process: string; url: string }>;
  /** Waits until the process answers its health check (the gateway: its readiness through its own port). */
  waitHealthy(proc: ServiceProcess, timeoutMs?: number): Promise<boolean>;
  /** Stops PostgreSQL and starts it again on the same address. */
  restartPostgres(): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  rootDir: string;
  hosts?: number;
  /** Before a crashed process is started again (Kubernetes waits too). */
  restartDelayMs?: number;
  /** Added to every service's settings. */
  env?: Record<string, string>;
  log: (line: string) => void;
  /** Aborting it while the cluster starts stops the start and removes what was made. */
  signal?: AbortSignal;
}

/**
 * Three hosts in network namespaces on one bridge: a NATS server each (one JetStream cluster,
 * streams at three replicas), PostgreSQL and object storage on the first, and on every host the
 * gateway and one replica of each service and worker, each process with its own NATS user and
 * key as in production. A TCP load balancer in this namespace fronts the gateways.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const run = process.pid % 1000;
  const runDir = join('/tmp', `mkc-${run}-${randomBytes(3).toString('hex')}`);
  await mkdir(join(runDir, 'logs'), { recursive: true, mode: 0o755 });
  const events: ProcessEvent[] = [];
  const onEvent = (event: ProcessEvent) => {
    events.push(event);
    if (event.what !== 'started') opts.log(`${event.process}: ${event.what}${event.detail ? ` (${event.detail})` : ''}`);
  };
  const restartDelayMs = opts.restartDelayMs ?? 1000;
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const undo of cleanups.reverse()) await undo().catch((error: unknown) => opts.log(`cleanup: ${String(error)}`));
    cleanups.length = 0;
  };

  const check = () => {
    if (opts.signal?.aborted) throw new Error('stopped while starting');
  };
  try {
    const network = await createClusterNetwork({ hosts: opts.hosts ?? 3, run });
    cleanups.push(() => network.remove());
    // The logs stay for reading after the run; the data goes.
    cleanups.push(async () => {
      for (const entry of await readdir(runDir)) if (entry !== 'logs') await rm(join(runDir, entry), { recursive: true, force: true });
      opts.log(`logs kept in ${join(runDir, 'logs')}`);
    });
    const [first] = network.hosts as [ClusterHost, ...ClusterHost[]];
    opts.log(`network: ${network.hosts.map((h) => `${h.name} ${h.address} (${h.namespace})`).join(', ')}; bridge ${network.bridgeAddress}`);

    // PostgreSQL and object storage on the first host.
    const storage = await startStorageHost(opts.rootDir, first, join(runDir, 'storage'), network.subnet, join(runDir, 'logs', 'storage.log'));
    cleanups.push(() => storage.stop());
    check();
    opts.log(`storage: PostgreSQL ${first.address}:5432 and object storage ${storage.s3.endpoint} on ${first.name}`);

    // NATS: a server on every host, one JetStream cluster.
    const credentials = await generateBusCredentials();
    const publicKeys = Object.fromEntries(BUS_PRINCIPALS.map((p) => [p, publicKeyOf(credentials.seeds[p])])) as Record<BusPrincipal, string>;
    const natsBinary = await findNatsServer();
    if (!natsBinary) throw new Error(natsMissingMessage(await thisHost()));
    const natsVersion = await natsServerVersion(natsBinary).catch(() => undefined);
    const versionWarning = replicatedStreamsWarning(natsVersion);
    if (versionWarning) opts.log(`warning: ${versionWarning}`);
    const nats = await Promise.all(
      network.hosts.map(async (host) => {
        const store = join(runDir, `nats-${host.index}`);
        await mkdir(store, { recursive: true });
        const configFile = join(store, 'nats-server.conf');
        await writeFile(configFile, natsNodeConfig(host, network.hosts, store, natsServerConfig(publicKeys)), { mode: 0o600 });
        return new ClusterProcess(`nats@${host.name}`, host, natsBinary, ['-c', configFile], stringEnv(natsServerEnv(process.env)), {
          logFile: join(runDir, 'logs', `nats-${host.name}.log`),
          restartDelayMs,
          onEvent,
        });
      }),
    );
    cleanups.push(async () => {
      await Promise.all(nats.map((n) => n.stop(5000)));
      nats.forEach((n) => n.close());
    });
    for (const node of nats) node.start();
    const natsReady = await poll(
      async () => (await Promise.all(network.hosts.map((h) => httpStatus(`http://${h.address}:${NATS_MONITOR_PORT}/healthz`)))).every((s) => s === 200),
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    if (natsReady !== 'ready') throw new Error(`the NATS cluster did not become healthy (logs in ${runDir}/logs)`);
    check();
    const natsUrl = network.hosts.map((h) => `nats://${h.address}:${NATS_CLIENT_PORT}`).join(',');
    opts.log(`nats: three JetStream servers ready (${natsUrl})`);

    // Mail goes to a catcher on the bridge, reachable from every host.
    const mailDir = join(runDir, 'mail');
    const mail = await startMailCatcher({ dir: mailDir, host: network.bridgeAddress });
    cleanups.push(() => mail.stop());

    const baseUrl = `http://${network.bridgeAddress}:${BALANCER_PORT}`;
    const oauth = generateOAuthKeys();
    const dataKey = randomBytes(32).toString('base64url');
    const services: ServiceProcess[] = [];
    const busEnvs = Object.fromEntries(BUS_PRINCIPALS.map((p) => [p, busEnv(credentials, p)])) as Record<BusPrincipal, Record<string, string>>;
    for (const host of network.hosts) {
      SERVICES.forEach((definition, index) => {
        const healthPort = FIRST_HEALTH_PORT + index;
        const env = buildServiceEnv({
          service: definition,
          infra: {
            databaseUrl: storage.databaseUrl,
            natsUrl,
            s3: storage.s3,
            mail: { smtpUrl: mail.smtpUrl, dir: mailDir },
            bus: { credentials, natsSecured: true, env: busEnvs },
            oauth,
            dataKey,
          },
          healthPort,
          gatewayPort: GATEWAY_PORT,
          inherited: process.env,
          listenHost: host.address,
          extra: {
            PUBLIC_URL: baseUrl,
            JETSTREAM_REPLICAS: String(network.hosts.length),
            LOG_LEVEL: 'warn',
            // A stopping gateway keeps serving for two seconds while the balancer (checking every half second) moves away from it.
            GATEWAY_DRAIN_MS: '2000',
            ...opts.env,
          },
        });
        const mainPath = join(opts.rootDir, 'apps', definition.appDir, 'dist', 'main.bundle.js');
        const proc = new ClusterProcess(
          `${definition.name}@${host.name}`,
          host,
          process.execPath,
          [...nodeFlagsFor(definition.name), mainPath],
          serviceProcessEnv(opts.rootDir, env),
          { logFile: join(runDir, 'logs', `${definition.name}-${host.name}.log`), restartDelayMs, onEvent },
        );
        services.push(Object.assign(proc, { definition, healthUrl: `http://${host.address}:${healthPort}` }));
      });
    }
    cleanups.push(async () => {
      // The gateways first, so no request reaches a service that has gone.
      await Promise.all(services.filter((s) => s.definition.name === GATEWAY).map((s) => s.stop(10_000)));
      await Promise.all(services.map((s) => s.stop(10_000)));
      services.forEach((s) => s.close());
    });

    const waitHealthy = async (proc: ServiceProcess, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> => {
      const url = proc.definition.name === GATEWAY ? `http://${proc.host.address}:${GATEWAY_PORT}/api/health/ready` : `${proc.healthUrl}/health`;
      return (await poll(async () => (await httpStatus(url)) === 200, { timeoutMs, intervalMs: 250, stopIf: () => opts.signal?.aborted ?? false })) === 'ready';
    };
    const startAll = async (procs: ServiceProcess[]) => {
      for (const proc of procs) proc.start();
      const results = await Promise.all(procs.map(async (proc) => ({ proc, ok: await waitHealthy(proc) })));
      check();
      const failed = results.filter((r) => !r.ok).map((r) => r.proc.name);
      if (failed.length > 0) throw new Error(`not healthy within ${HEALTH_TIMEOUT_MS / 1000} s: ${failed.join(', ')} (logs in ${runDir}/logs)`);
    };
    check();
    const backends = services.filter((s) => s.definition.name !== GATEWAY);
    // The first host's services run the migrations; the others then start on a ready schema.
    const began = Date.now();
    await startAll(backends.filter((s) => s.host === first));
    await startAll(backends.filter((s) => s.host !== first));
    await startAll(services.filter((s) => s.definition.name === GATEWAY));
    opts.log(`services: ${services.length} processes healthy on ${network.hosts.length} hosts in ${Math.round((Date.now() - began) / 1000)} s`);

    check();
    const balancer = await startTcpBalancer({
      host: network.bridgeAddress,
      port: BALANCER_PORT,
      backends: network.hosts.map((h) => ({
        name: h.name,
        host: h.address,
        port: GATEWAY_PORT,
        healthUrl: `http://${h.address}:${GATEWAY_PORT}/api/health/ready`,
      })),
    });
    cleanups.splice(cleanups.length - 1, 0, () => balancer.close());
    opts.log(`balancer: ${baseUrl} -> gateways ${network.hosts.map((h) => `${h.address}:${GATEWAY_PORT}`).join(', ')}`);

    let stopping: Promise<void> | undefined;
    return {
      network,
      baseUrl,
      balancer,
      natsUrl,
      natsVersion,
      databaseUrl: storage.databaseUrl,
      s3: storage.s3,
      credentials,
      mailDir,
      nats,
      services,
      events,
      metrics: () => services.map((s) => ({ process: s.name, url: `${s.healthUrl}/metrics` })),
      waitHealthy,
      restartPostgres: () => storage.restartPostgres(),
      stop: () => (stopping ??= cleanup()),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export interface StorageHost {
  databaseUrl: string;
  s3: S3Settings;
  restartPostgres(): Promise<void>;
  /** Makes the object store know one more access key (storage-host.ts). */
  addS3Key(id: string, secret: string): Promise<void>;
  stop(): Promise<void>;
}

/** storage-host.js in the host's namespace; resolves once it reports PostgreSQL and object storage ready. */
export async function startStorageHost(rootDir: string, host: ClusterHost, dataDir: string, allowFrom: string, logFile: string): Promise<StorageHost> {
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  const script = join(rootDir, 'deploy', 'dist', 'cluster', 'storage-host.js');
  const child = spawn('ip', ['netns', 'exec', host.namespace, process.execPath, script, host.address, dataDir, allowFrom], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    env: process.env,
  });
  const proc = track(child, { group: true });
  terminateOnParentExit(proc, 'SIGTERM');
  const { createWriteStream } = await import('node:fs');
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stderr.pipe(log);
  const lines = createInterface({ input: child.stdout });
  const waiters: Array<(line: string) => void> = [];
  lines.on('line', (line) => {
    log.write(`${line}\n`);
    waiters.shift()?.(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiters.push(resolve);
      void proc.exit.then((info) => reject(new Error(`the storage host ${describeExit(info)} (log: ${logFile})`)));
    });
  const ready = JSON.parse(await nextLine()) as { databaseUrl: string; s3: S3Settings };
  return {
    ...ready,
    restartPostgres: async () => {
      const answer = nextLine();
      child.stdin.write('restart-postgres\n');
      const line = await answer;
      if (line !== 'postgres-restarted') throw new Error(line);
    },
    addS3Key: async (id, secret) => {
      const answer = nextLine();
      child.stdin.write(`s3-key ${id} ${secret}\n`);
      const line = await answer;
      if (line !== 's3-key-added') throw new Error(line);
    },
    stop: async () => {
      await terminate(proc, 30_000);
      log.end();
      if (!proc.hasExited()) sendSignal(proc, 'SIGKILL');
    },
  };
}
