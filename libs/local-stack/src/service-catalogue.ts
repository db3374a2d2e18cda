export type ServiceRole = 'api' | 'worker';

export interface ServiceDefinition {
  /** Name used in logs and in System.start/stop. */
  name: string;
  /** Directory under apps/; the process runs apps/<appDir>/dist/main.js. */
  appDir: string;
  /** Passed as ROLE to apps that run as more than one kind of process. */
  role?: ServiceRole;
}

/**
 * Every process of the product, in start order. The gateway comes last: it is
 * started only once the services behind it answer their health checks.
 */
export const SERVICES = [
  { name: 'identity', appDir: 'identity' },
  { name: 'jobs', appDir: 'jobs' },
  { name: 'applications', appDir: 'applications' },
  { name: 'files', appDir: 'files', role: 'api' },
  { name: 'files-worker', appDir: 'files', role: 'worker' },
  { name: 'drafts', appDir: 'drafts', role: 'api' },
  { name: 'drafts-worker', appDir: 'drafts', role: 'worker' },
  { name: 'notifications', appDir: 'notifications' },
  { name: 'admin', appDir: 'admin' },
  { name: 'gateway', appDir: 'gateway' },
] as const satisfies readonly ServiceDefinition[];

export type ServiceName = (typeof SERVICES)[number]['name'];

export const GATEWAY: ServiceName = 'gateway';
