export type ServiceRole = 'api' | 'worker';

export interface ServiceDefinition {
  /** Name used in logs and in System.start/stop. */
  name: string;
  /** Directory under apps/; a process of its own runs apps/<appDir>/dist/main.bundle.js. */
  appDir: string;
  /** Passed as ROLE to apps that run as more than one kind of process. */
  role?: ServiceRole;
}

/** An app under apps/. `workers` says it registers work queues, so it also runs as ROLE=worker. */
export interface AppDefinition {
  name: string;
  workers?: boolean;
}

/**
 * Every app, in start order; the gateway comes last: it is started only once
 * the services behind it answer their health checks. files runs a worker (previews,
 * cleanup, assembly), drafts one (a draft's research, follow-up questions and writing), notifications one (alert
 * emails, browser pushes).
 */
export const APPS = [
  { name: 'identity' },
  { name: 'jobs' },
  { name: 'applications' },
  { name: 'files', workers: true },
  { name: 'drafts', workers: true },
  { name: 'notifications', workers: true },
  { name: 'admin' },
  { name: 'gateway' },
] as const satisfies readonly AppDefinition[];

/** The processes the apps run as: one each, plus `<app>-worker` right after an app with queues. */
export function processesOf(apps: readonly AppDefinition[]): ServiceDefinition[] {
  return apps.flatMap((app): ServiceDefinition[] =>
    app.workers
      ? [
          { name: app.name, appDir: app.name, role: 'api' },
          { name: `${app.name}-worker`, appDir: app.name, role: 'worker' },
        ]
      : [{ name: app.name, appDir: app.name }],
  );
}

/** Every process of the product, in start order. */
export const SERVICES: readonly ServiceDefinition[] = processesOf(APPS);

type App = (typeof APPS)[number];
type WorkerName<A> = A extends { name: infer N extends string; workers: true } ? `${N}-worker` : never;
export type ServiceName = App['name'] | WorkerName<App>;

export const GATEWAY: ServiceName = 'gateway';

/**
 * The services the gateway's readiness asks for (READY_SERVICES in apps/gateway/src/meta/meta-routes.ts):
 * after a crash of the one-process host they come back first, then the gateway, then the rest.
 */
export const GATEWAY_NEEDS: readonly ServiceName[] = ['identity', 'jobs'];
