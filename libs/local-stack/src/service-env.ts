import type { ServiceDefinition } from './service-catalogue.js';
import type { Infrastructure } from './infrastructure.js';

// Variables that mean something different for each process; inherited from
// the launcher (npm start is run with PORT=…) they would point every service
// at the gateway's port.
const PER_PROCESS = ['PORT', 'HOST', 'PUBLIC_URL', 'HEALTH_PORT', 'ROLE'];

export interface ServiceEnvInput {
  service: ServiceDefinition;
  infra: Pick<Infrastructure, 'databaseUrl' | 'natsUrl' | 's3'>;
  healthPort: number;
  /** Only for the gateway. */
  gatewayPort?: number;
  /** The launcher's environment, passed on so PATH, HOME and the like reach the child. */
  inherited: NodeJS.ProcessEnv;
  extra?: Record<string, string>;
}

/**
 * The environment of one service process. `extra` (startServices' opts.env)
 * may override anything except the ports, host and role the launcher relies on.
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
  });
  Object.assign(env, input.extra ?? {});
  env.HEALTH_PORT = String(input.healthPort);
  if (input.service.role) env.ROLE = input.service.role;
  if (input.gatewayPort !== undefined) {
    env.PORT = String(input.gatewayPort);
    env.HOST = '127.0.0.1';
    // Behind a proxy the public address differs; the caller may say so.
    env.PUBLIC_URL = input.extra?.PUBLIC_URL ?? `http://127.0.0.1:${input.gatewayPort}`;
  }
  return env;
}
