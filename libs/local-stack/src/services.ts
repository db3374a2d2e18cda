import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeExit, forwardLines, terminateOnParentExit, track } from './child-process.js';
import { getFreePort } from './free-port.js';
import type { Infrastructure } from './infrastructure.js';
import { LineTail } from './line-tail.js';
import { nodeFlagsFor, serviceProcessEnv } from './node-flags.js';
import { processLayout, type ProcessLayout } from './process-layout.js';
import { ServiceHostProcess } from './service-host-process.js';
import { InProcessServiceHost } from './in-process-host.js';
import { processInstance, type ServiceHost, type ServiceInstance } from './service-instance.js';
import { GATEWAY, SERVICES, type ServiceDefinition } from './service-catalogue.js';
import { buildServiceEnv, sharedEnv } from './service-env.js';
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
  /** SIGKILL at once (a crash, no graceful shutdown); resolves once the process has exited. Per-service layout only. */
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
  infra: Pick<Infrastructure, 'databaseUrl' | 'natsUrl' | 's3' | 'mail'> & Partial<Pick<Infrastructure, 'bus'>>;
  /** Repository root: apps/<app>/dist/main.js is run from here. */
  rootDir: string;
  /** A free port when omitted. */
  gatewayPort?: number;
  /** Added to every service's environment. */
  env?: Record<string, string>;
  log?: (app: string, line: string) => void;
  /** One Node process for every app, or one each; MARKETPLACE_PROCESSES decides when omitted. */
  layout?: ProcessLayout;
  /**
   * One-process layout: the services run in this very process rather than in a child of it
   * (npm start), a whole Node runtime less. A service's uncaught error then ends this process too.
   */
  inThisProcess?: boolean;
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
}

const writeToStdout = (app: string, line: string) => {
  process.stdout.write(`[${app}] ${line}\n`);
};

/**
 * Runs every app as its own Node process. The services behind the gateway
 * start together (each runs its own migrations under an advisory lock); the
 * gateway starts once they are all healthy, and startServices resolves when
 * the gateway reports ready. If anything fails, everything started is stopped.
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
  const missing = [...new Set([...services.values()].map((s) => (layout === 'one-process' ? s.entryPath : s.mainPath)))]
    .filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`These apps are not built (run npm run build):\n${missing.map((path) => `  ${path}`).join('\n')}`);
  }

  const lookup = (app: string): RunningService => {
    const service = services.get(app);
    if (!service) throw new Error(`Unknown app "${app}"; the apps are ${[...services.keys()].join(', ')}`);
    return service;
  };

  const host = layout === 'one-process' ? await oneProcessHost(opts, rootDir, [...services.values()].map((s) => s.env), log) : undefined;

  let runs = 0;
  const launch = (service: RunningService): ServiceInstance => {
    const name = service.definition.name;
    service.stopping = false;
    if (host) {
      // A key per run: a rolled service runs twice for a moment.
      const instance = host.run(`${name}@${++runs}`, service.entryPath, service.env);
      void instance.exit.then((info) => {
        if (!service.stopping) log(name, `service ${describeExit(info)}`);
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
    terminateOnParentExit(proc);
    forwardLines(child, (line) => {
      service.tail.push(line);
      log(name, line);
    });
    void proc.exit.then((info) => {
      if (!service.stopping) log(name, `process ${describeExit(info)}`);
    });
    service.proc = processInstance(proc);
    return service.proc;
  };

  const failure = (service: RunningService, what: string) => host
    ? new Error(`${service.definition.name} ${what}. Last output of the services' process:\n${host.tail.format()}`)
    : new Error(`${service.definition.name} ${what}. Last output of ${service.definition.name}:\n${service.tail.format()}`);

  const waitHealthy = async (service: RunningService, proc: ServiceInstance): Promise<void> => {
    const url = `http://127.0.0.1:${service.healthPort}/health`;
    let lastStatus: number | undefined;
    const outcome = await poll(async () => (lastStatus = await httpStatus(url)) === 200, {
      timeoutMs: HEALTH_TIMEOUT_MS,
      stopIf: () => proc.hasExited(),
    });
    if (outcome === 'stopped') throw failure(service, `${describeExit(await proc.exit)} before answering GET ${url}`);
    if (outcome === 'timeout') {
      throw failure(
        service,
        `did not answer GET ${url} with 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last answer: ${lastStatus ?? 'none'})`,
      );
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

  const stop = async (app: string): Promise<void> => {
    const service = lookup(app);
    const proc = service.proc;
    if (!proc) return;
    service.stopping = true;
    await proc.stop(STOP_GRACE_MS);
    if (service.proc === proc) service.proc = undefined;
  };

  const kill = async (app: string): Promise<void> => {
    const service = lookup(app);
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
    if (env) service.env = { ...service.baseEnv, ...env };
    const running = service.proc && !service.proc.hasExited() ? service.proc : launch(service);
    await waitHealthy(service, running);
  };

  const roll = async (app: string): Promise<void> => {
    // The gateway listens on the one public port; in a cluster its rollout is the Service's business.
    if (app === GATEWAY) throw new Error('The gateway cannot be rolled in place: two processes cannot share its port');
    const service = lookup(app);
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
      await next.stop(STOP_GRACE_MS);
      Object.assign(service, previous, { proc: old });
      throw error;
    }
    if (old && !old.hasExited()) await old.stop(STOP_GRACE_MS);
  };

  const stopAll = async (): Promise<void> => {
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
    const backends = [...services.values()].filter((s) => s.definition.name !== GATEWAY);
    if (host) {
      // One after another: they share one event loop, and a service starting beside nine others
      // would wait on them past its connection timeouts.
      for (const service of backends) await waitHealthy(service, launch(service));
    } else {
      // Fail as soon as one is unhealthy rather than waiting out the others.
      await Promise.all(backends.map((service) => waitHealthy(service, launch(service))));
    }
    const gateway = lookup(GATEWAY);
    const gatewayProc = launch(gateway);
    await waitHealthy(gateway, gatewayProc);
    await waitGatewayReady(gateway, gatewayProc);
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }

  const healthUrl = (app: string): string => `http://127.0.0.1:${lookup(app).healthPort}`;
  return { baseUrl, apps: [...services.keys()], layout, healthUrl, stop, kill, pid, start, roll, stopAll };
}

/** The one-process layout's host: this process, or a child that inherits only the settings every service shares. */
async function oneProcessHost(
  opts: ServicesOptions, rootDir: string, envs: Record<string, string>[], log: (app: string, line: string) => void,
): Promise<ServiceHost> {
  const shared = sharedEnv(envs);
  if (!opts.inThisProcess) return ServiceHostProcess.start({ rootDir, env: shared, log, apps: SERVICES.map((s) => s.name) });
  // Libraries read NODE_ENV from the process, not from a service's settings; a child host got the services' value.
  if (shared.NODE_ENV) process.env.NODE_ENV ??= shared.NODE_ENV;
  return new InProcessServiceHost(log);
}
