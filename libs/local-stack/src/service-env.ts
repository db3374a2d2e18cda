import type { BusPrincipal } from '@marketplace/contracts';

import { SEALING_APPS } from './data-key.js';
import type { Infrastructure } from './infrastructure.js';
import { GATEWAY, type ServiceDefinition } from './service-catalogue.js';

// Variables that mean something different for each process; inherited from
// the launcher (npm start is run with PORT=…) they would point every service
// at the gateway's port.
const PER_PROCESS = ['PORT', 'HOST', 'HEALTH_PORT', 'HEALTH_HOST', 'ROLE'];

export interface ServiceEnvInput {
  service: ServiceDefinition;
  infra: Pick<Infrastructure, 'databaseUrl' | 'natsUrl' | 's3' | 'mail'> & Partial<Pick<Infrastructure, 'bus' | 'oauth' | 'dataKey'>>;
  healthPort: number;
  /** The gateway's port: its PORT, and the default PUBLIC_URL of every service. */
  gatewayPort: number;
  /** The launcher's environment, passed on so PATH, HOME and the like reach the child. */
  inherited: NodeJS.ProcessEnv;
  extra?: Record<string, string>;
  /** The address the health server (and the gateway's public port) listens on; 127.0.0.1 when omitted. */
  listenHost?: string;
}

/**
 * The environment of one service process. `extra` (startServices' opts.env)
 * may override anything except the ports, hosts and role the launcher relies on.
 */
export function buildServiceEnv(input: ServiceEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.inherited)) {
    if (value !== undefined && !PER_PROCESS.includes(key)) env[key] = value;
  }
  const { s3 } = input.infra;
  Object.assign(env, {
    NODE_ENV: input.inherited.NODE_ENV || 'development',
    LOG_LEVEL: input.inherited.LOG_LEVEL || 'info',
    DATABASE_URL: input.infra.databaseUrl,
    NATS_URL: input.infra.natsUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    // A store of the operator's own takes page uploads only when they say so (its CORS is theirs).
    ...(s3.browserUploads && !input.inherited.S3_BROWSER_UPLOADS ? { S3_BROWSER_UPLOADS: 'true' } : {}),
    // Services build links for API responses (jobs does), not only the
    // gateway; behind a proxy the launcher's PUBLIC_URL or extra says so.
    PUBLIC_URL: input.inherited.PUBLIC_URL || `http://127.0.0.1:${input.gatewayPort}`,
  });
  if (input.infra.mail) {
    env.SMTP_URL = input.infra.mail.smtpUrl;
    env.MAIL_FROM ||= 'Marketplace <no-reply@marketplace.localhost>';
  }
  if (input.infra.bus) {
    // Each process gets its own principal's secrets only; a NATS server named by NATS_URL keeps
    // its own users, so there the inherited NATS credentials stand.
    const secrets: Partial<Record<string, string>> = { ...input.infra.bus.env[input.service.appDir as BusPrincipal] };
    if (!input.infra.bus.natsSecured) delete secrets.NATS_NKEY_SEED;
    Object.assign(env, secrets);
  }
  if (input.infra.oauth && input.service.name === GATEWAY) {
    // Only the gateway runs the authorization server; keys the launcher was given win.
    env.OAUTH_SIGNING_KEYS ||= input.infra.oauth.signingKeys;
    env.OAUTH_COOKIE_KEYS ||= input.infra.oauth.cookieKeys;
  }
  if (input.infra.dataKey && SEALING_APPS.includes(input.service.appDir)) {
    // The apps that keep secrets in their tables encrypt them under it; a key the launcher was given wins.
    env.DATA_ENCRYPTION_KEY ||= input.infra.dataKey;
  }
  Object.assign(env, input.extra ?? {});
  env.HEALTH_PORT = String(input.healthPort);
  // The free-port probe looked at 127.0.0.1, and probes need not be public; a host of a cluster
  // (npm run cluster) names its own address, where the load balancer and metrics readers reach it.
  env.HEALTH_HOST = input.listenHost ?? '127.0.0.1';
  if (input.service.role) env.ROLE = input.service.role;
  if (input.service.name === GATEWAY) {
    env.PORT = String(input.gatewayPort);
    env.HOST = input.listenHost ?? '127.0.0.1';
  }
  return env;
}

/**
 * The settings every service has alike: the environment of the one process they share. A
 * service's own secrets (its bus key, the gateway's signing keys), ports and role are not among them.
 */
export function sharedEnv(envs: readonly Record<string, string>[]): Record<string, string> {
  const [first, ...rest] = envs;
  if (!first) return {};
  return Object.fromEntries(Object.entries(first).filter(([key, value]) => rest.every((env) => env[key] === value)));
}
