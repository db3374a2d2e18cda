import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { describeExit, forwardLines, terminateOnParentExit, track } from './child-process.js';
import { CrashSupervisor, type SupervisedRun } from './crash-supervisor.js';
import { getFreePort } from './free-port.js';
import type { Infrastructure } from './infrastructure.js';
import { LineTail } from './line-tail.js';
import { nodeFlagsFor, serviceProcessEnv } from './node-flags.js';
import { type ProcessLayout, processLayout } from './process-layout.js';
import { GATEWAY, GATEWAY_NEEDS, type ServiceDefinition, SERVICES } from './service-catalogue.js';
import { buildServiceEnv, sharedEnv } from './service-env.js';
import { ServiceHostProcess } from './service-host-process.js';
import { processInstance, type ServiceInstance } from './service-instance.js';
import { acceptsConnections, httpStatus, poll } from './wait-for.js';

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
// Stopping the one-process layout's host stops every service in it.
const HOST_STOP_GRACE_MS = 20_000;

export interface System {
  /** The gateway, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  apps: string[];
  /** An app's own health server (GET /health, /ready, /metrics), e.g. http://127.0.0.1:40123. */
  healthUrl(app: string): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
  stop(app: string): Promise<void>;
  /**
   * SIGKILL at once (a crash, no graceful shutdown); resolves once the process has exited. Per-service
   * layout only. A crash asked for is not restarted: start(app) brings it back.
   */
  kill(app: string): Promise<void>;
  /** The app's process id while it runs (benchmarks sample its memory), else undefined. */
  pid(app: string): number | undefined;
  /** How the apps run: each in its own process, or all in one. */
  layout: ProcessLayout;
  /**
   * Starts a stopped app again with the same ports, and waits until it is healthy. With `env`, the
   * app runs with its original environment plus these values (an empty string unsets a setting)
   * from now on; `{}` restores the original.
   */
  start(app: string, env?: Record<string, string>): Promise<void>;
  /**
   * Replaces a backend app's process as a Kubernetes rolling update does (maxSurge 1,
   * maxUnavailable 0): a new process starts on a new health port and, once healthy, the old one
   * gets SIGTERM and drains. healthUrl(app) then names the new process.
   */
  roll(app: string): Promise<void>;
  /** Stops every app, the gateway first. The infrastructure is left running. */
  stopAll(): Promise<void>;
}

export interface ServicesOptions {
  infra: Pick<Infrastructure, 'databaseUrl' | 'natsUrl' | 's3' | 'mail'> & Partial<Pick<Infrastructure, 'bus' | 'processes'>>;
  /** Repository root: apps/<app>/dist/main.js is run from here. */
  rootDir: string;
  /** A free port when omitted. */
  gatewayPort?: number;
  /** Added to every service's environment. */
  env?: Record<string, string>;
  log?: (app: string, line: string) => void;
  /** One Node process for every app, or one each; MARKETPLACE_PROCESSES decides when omitted. */
  layout?: ProcessLayout;
}

interface RunningService {
  definition: ServiceDefinition;
  /** apps/<app>/dist/main.bundle.js: what a process of its own runs (tools/bundle-services.mjs). */
  mainPath: string;
  /** apps/<app>/dist/service.js: what the one-process layout's host runs. */
  entryPath: string;
  healthPort: number;
  env: Record<string, string>;
  /** The environment it was first started with. */
  baseEnv: Record<string, string>;
  tail: LineTail;
  proc?: ServiceInstance;
  /** Set while we stop it, so its exit is not reported as a crash. */
  stopping: boolean;
  /** Per-service layout: restarts its process when it crashes (the one-process layout supervises its host instead). */
  supervisor?: CrashSupervisor;
}

const writeToStdout = (app: string, line: string) => {
  process.stdout.write(`[${app}] ${line}\n`);
};

/**
 * Runs every app as its own Node process, or all of them in one child process. The services
 * behind the gateway start together (each runs its own migrations under an advisory lock); the
 * gateway starts once they are all healthy, and startServices resolves when the gateway reports
 * ready. If anything fails, everything started is stopped. Once it is up, a process that crashes
 * (a service's own, or the one-process layout's host) is started again with backoff
 * (crash-supervisor.ts); this process and the infrastructure it holds keep running.
 */
export async function startServices(opts: ServicesOptions): Promise<System> {
  const log = opts.log ?? writeToStdout;
  const rootDir = resolve(opts.rootDir);
  const gatewayPort = opts.gatewayPort ?? (await getFreePort());
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;

  const services = new Map<string, RunningService>();
  for (const definition of SERVICES) {
    const healthPort = await getFreePort();
    const env = buildServiceEnv({
      service: definition,
      infra: opts.infra,
      healthPort,
      gatewayPort,
      inherited: process.env,
      ...(opts.env ? { extra: opts.env } : {}),
    });
    services.set(definition.name, {
      definition,
      mainPath: join(rootDir, 'apps', definition.appDir, 'dist', 'main.bundle.js'),
      entryPath: join(rootDir, 'apps', definition.appDir, 'dist', 'service.js'),
      healthPort,
      env,
      baseEnv: env,
      tail: new LineTail(50),
      stopping: false,
    });
  }
  const layout = opts.layout ?? processLayout(process.env);
  const missing = [...new Set([...services.values()].map((s) => (layout === 'one-process' ? s.entryPath : s.mainPath)))].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`These apps are not built (run npm run build):\n${missing.map((path) => `  ${path}`).join('\n')}`);
  }

  const lookup = (app: string): RunningService => {
    const service = services.get(app);
    if (!service) throw new Error(`Unknown app "${app}"; the apps are ${[...services.keys()].join(', ')}`);
    return service;
  };

  /** The one-process layout's host, told which services it will start, in that order. */
  const startHost = (order: RunningService[]) =>
    ServiceHostProcess.start({
      rootDir,
      env: sharedEnv([...services.values()].map((s) => s.env)),
      log,
      apps: SERVICES.map((s) => s.name),
      entries: [...new Set(order.map((s) => s.entryPath))],
      ...(opts.infra.processes ? { record: opts.infra.processes } : {}),
    });
  let host = layout === 'one-process' ? await startHost([...services.values()]) : undefined;
  // Until startServices has resolved, a crash fails the start instead.
  let supervising = false;
  let closing = false;

  let runs = 0;
  const launch = (service: RunningService): ServiceInstance => {
    const name = service.definition.name;
    service.stopping = false;
    if (host) {
      const running = host;
      // A key per run: a rolled service runs twice for a moment.
      const instance = running.run(`${name}@${++runs}`, service.entryPath, service.env);
      void instance.exit.then((info) => {
        // When the host itself went, its supervisor reports that once for all of them.
        if (!service.stopping && !running.hasExited()) log(name, `service ${describeExit(info)}`);
      });
      service.proc = instance;
      return instance;
    }
    // Detached (its own process group): a Ctrl+C in the terminal reaches only
    // the launcher, which then stops the apps in order, gateway first.
    const child = spawn(process.execPath, [...nodeFlagsFor(name), service.mainPath], {
      cwd: rootDir,
      env: serviceProcessEnv(rootDir, service.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const proc = track(child, { group: true });
    terminateOnParentExit(proc, 'SIGTERM', name === GATEWAY ? 'gateway' : 'apps');
    opts.infra.processes?.add(proc, name, service.mainPath);
    forwardLines(child, (line) => {
      service.tail.push(line);
      log(name, line);
    });
    void proc.exit.then((info) => {
      // A supervised crash is reported by the supervisor, with its last error lines.
      if (!service.stopping && !supervising) log(name, `process ${describeExit(info)}`);
    });
    service.proc = processInstance(proc);
    return service.proc;
  };

  const failure = (service: RunningService, what: string): Error =>
    host
      ? new Error(`${service.definition.name} ${what}. Last output of the services' process:\n${host.tail.format()}`)
      : new Error(`${service.definition.name} ${what}. Last output of ${service.definition.name}:\n${service.tail.format()}`);

  const waitHealthy = async (service: RunningService, proc: ServiceInstance): Promise<void> => {
    const url = `http://127.0.0.1:${service.healthPort}/health`;
    let lastStatus: number | undefined;
    const outcome = await poll(async () => (lastStatus = await httpStatus(url)) === 200, {
      timeoutMs: HEALTH_TIMEOUT_MS,
      stopIf: () => proc.hasExited(),
      // The one host starts its services one after another, each ready in a few hundred milliseconds.
      ...(host ? { intervalMs: 50 } : {}),
    });
    if (outcome === 'stopped') throw failure(service, `${describeExit(await proc.exit)} before answering GET ${url}`);
    if (outcome === 'timeout') {
      throw failure(service, `did not answer GET ${url} with 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last answer: ${lastStatus ?? 'none'})`);
    }
    // The gateway's health port may come up before its public port does.
    if (service.definition.name === GATEWAY) {
      const listening = await poll(() => acceptsConnections('127.0.0.1', gatewayPort), {
        timeoutMs: HEALTH_TIMEOUT_MS,
        stopIf: () => proc.hasExited(),
      });
      if (listening !== 'ready') throw failure(service, `did not listen on ${baseUrl}`);
    }
  };

  const waitGatewayReady = async (service: RunningService, proc: ServiceInstance): Promise<void> => {
    const url = `${baseUrl}/api/health/ready`;
    let lastStatus: number | undefined;
    const outcome = await poll(async () => (lastStatus = await httpStatus(url)) === 200, {
      timeoutMs: HEALTH_TIMEOUT_MS,
      stopIf: () => proc.hasExited(),
    });
    if (outcome === 'stopped') throw failure(service, `${describeExit(await proc.exit)} before ${url} answered`);
    if (outcome === 'timeout') {
      throw failure(service, `was not ready: GET ${url} did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last answer: ${lastStatus ?? 'none'})`);
    }
  };

  // A service's process, or the one-process layout's host.
  const supervisedRun = (proc: Omit<SupervisedRun, 'ready'>, ready: Promise<void>): SupervisedRun => ({
    exit: proc.exit,
    hasExited: () => proc.hasExited(),
    kill: () => proc.kill(),
    ready,
  });

  const supervisorOf = (service: RunningService): CrashSupervisor => {
    service.supervisor ??= new CrashSupervisor({
      name: service.definition.name,
      log: (line) => log(service.definition.name, line),
      lastLines: () => service.tail.toArray(),
      relaunch: async () => {
        const instance = launch(service);
        const ready = waitHealthy(service, instance);
        // Its health check is the supervisor's business; this only keeps a rejection from going unhandled.
        ready.catch(() => undefined);
        return supervisedRun(instance, ready);
      },
    });
    return service.supervisor;
  };

  /** Per-service layout: from now on this run of the service is restarted if it crashes. */
  const supervise = (service: RunningService, instance: ServiceInstance): void => {
    if (!host && supervising) supervisorOf(service).watch(supervisedRun(instance, Promise.resolve()));
  };

  // The one-process layout: a crash of the host ends every service in it, so the host is what is
  // restarted, and with it every service that was running. The public surface comes back first:
  // the services the gateway's readiness asks for, the gateway, then the others, each as soon as
  // the one before it is healthy (a first start waits for every service before the gateway).
  const hostSupervisor = host
    ? new CrashSupervisor({
        name: "the services' process",
        log: (line) => log('services', line),
        lastLines: () => host?.tail.toArray() ?? [],
        relaunch: async () => {
          const wanted = [...services.values()].filter((s) => s.proc);
          const first = (s: RunningService) => (GATEWAY_NEEDS as readonly string[]).includes(s.definition.name);
          const gateway = wanted.filter((s) => s.definition.name === GATEWAY);
          const order = [...wanted.filter(first), ...gateway, ...wanted.filter((s) => !first(s) && !gateway.includes(s))];
          const next = await startHost(order);
          if (closing) {
            await next.kill();
            throw new Error('the marketplace is stopping');
          }
          host = next;
          const ready = (async () => {
            for (const service of order) await waitHealthy(service, launch(service));
            for (const service of gateway) await waitGatewayReady(service, service.proc!);
          })();
          ready.catch(() => undefined);
          return supervisedRun(next, ready);
        },
      })
    : undefined;

  /** Backends, then the gateway once they are healthy. */
  const startInOrder = async (list: RunningService[]): Promise<void> => {
    const backends = list.filter((s) => s.definition.name !== GATEWAY);
    if (host) {
      // One after another: they share one event loop, and a service starting beside nine others
      // would wait on them past its connection timeouts.
      for (const service of backends) await waitHealthy(service, launch(service));
    } else {
      // Fail as soon as one is unhealthy rather than waiting out the others.
      await Promise.all(backends.map((service) => waitHealthy(service, launch(service))));
    }
    const gateway = list.find((s) => s.definition.name === GATEWAY);
    if (gateway) await waitHealthy(gateway, launch(gateway));
  };

  const stop = async (app: string): Promise<void> => {
    const service = lookup(app);
    service.supervisor?.release();
    const proc = service.proc;
    if (!proc) return;
    service.stopping = true;
    await proc.stop(STOP_GRACE_MS);
    if (service.proc === proc) service.proc = undefined;
  };

  const kill = async (app: string): Promise<void> => {
    const service = lookup(app);
    // A kill on purpose (a test of a crash) is not healed: the caller starts it again when it wants.
    service.supervisor?.release();
    const proc = service.proc;
    if (!proc) return;
    service.stopping = true;
    await proc.kill();
    if (service.proc === proc) service.proc = undefined;
  };

  const pid = (app: string): number | undefined => {
    const proc = lookup(app).proc;
    return proc?.pid();
  };

  const start = async (app: string, env?: Record<string, string>): Promise<void> => {
    const service = lookup(app);
    service.supervisor?.release();
    service.supervisor?.reset();
    if (env) service.env = { ...service.baseEnv, ...env };
    const running = service.proc && !service.proc.hasExited() ? service.proc : launch(service);
    await waitHealthy(service, running);
    supervise(service, running);
  };

  const roll = async (app: string): Promise<void> => {
    // The gateway listens on the one public port; in a cluster its rollout is the Service's business.
    if (app === GATEWAY) throw new Error('The gateway cannot be rolled in place: two processes cannot share its port');
    const service = lookup(app);
    service.supervisor?.release();
    const old = service.proc;
    const healthPort = await getFreePort();
    const previous = { healthPort: service.healthPort, env: service.env, baseEnv: service.baseEnv };
    service.healthPort = healthPort;
    service.env = { ...service.env, HEALTH_PORT: String(healthPort) };
    service.baseEnv = { ...service.baseEnv, HEALTH_PORT: String(healthPort) };
    const next = launch(service);
    try {
      await waitHealthy(service, next);
    } catch (error) {
      Object.assign(service, previous, { proc: old });
      await next.stop(STOP_GRACE_MS);
      if (old && !old.hasExited()) supervise(service, old);
      throw error;
    }
    supervise(service, next);
    if (old && !old.hasExited()) await old.stop(STOP_GRACE_MS);
  };

  const stopAll = async (): Promise<void> => {
    closing = true;
    hostSupervisor?.release();
    for (const service of services.values()) service.supervisor?.release();
    if (host) {
      for (const service of services.values()) service.stopping = true;
      await host.stop(HOST_STOP_GRACE_MS);
      for (const service of services.values()) service.proc = undefined;
      return;
    }
    await stop(GATEWAY);
    await Promise.all([...services.keys()].filter((app) => app !== GATEWAY).map(stop));
  };

  try {
    await startInOrder([...services.values()]);
    const gateway = lookup(GATEWAY);
    await waitGatewayReady(gateway, gateway.proc!);
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
  supervising = true;
  if (host) hostSupervisor?.watch(supervisedRun(host, Promise.resolve()));
  for (const service of services.values()) if (service.proc) supervise(service, service.proc);

  const healthUrl = (app: string): string => `http://127.0.0.1:${lookup(app).healthPort}`;
  return { baseUrl, apps: [...services.keys()], layout, healthUrl, stop, kill, pid, start, roll, stopAll };
}
