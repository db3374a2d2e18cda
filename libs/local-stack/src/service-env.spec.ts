import { describe, expect, it } from 'vitest';

import { processesOf, type ServiceDefinition, SERVICES } from './service-catalogue.js';
import { buildServiceEnv } from './service-env.js';

const infra = {
  databaseUrl: 'postgres://postgres:postgres@127.0.0.1:5001/marketplace',
  natsUrl: 'nats://127.0.0.1:5002',
  s3: { endpoint: 'http://127.0.0.1:5003', accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'marketplace', region: 'us-east-1' },
};

const service = (name: string): ServiceDefinition => {
  const found = SERVICES.find((s) => s.name === name);
  if (!found) throw new Error(name);
  return found;
};

// A catalogue of its own, so these cases do not follow which apps have queues today.
const withWorkers = processesOf([{ name: 'jobs' }, { name: 'files', workers: true }, { name: 'gateway' }]);

const env = (name: string, inherited: NodeJS.ProcessEnv = {}, extra?: Record<string, string>) => {
  const definition = SERVICES.find((s) => s.name === name) ?? withWorkers.find((s) => s.name === name) ?? service(name);
  return buildServiceEnv({ service: definition, infra, healthPort: 6001, gatewayPort: 3000, inherited, ...(extra ? { extra } : {}) });
};

describe('SERVICES', () => {
  it('lists every process in start order, the gateway last', () => {
    expect(SERVICES.map((s) => s.name)).toEqual([
      'identity',
      'jobs',
      'applications',
      'files',
      'files-worker',
      'drafts',
      'drafts-worker',
      'notifications',
      'notifications-worker',
      'admin',
      'gateway',
    ]);
  });

  it('starts a worker process only for apps with queues', () => {
    // files has queues (previews, cleanup, assembly), drafts one (research, follow-ups, writing), notifications two (emails, pushes).
    expect(SERVICES.filter((s) => s.role === 'worker').map((s) => s.name)).toEqual(['files-worker', 'drafts-worker', 'notifications-worker']);
    expect(service('admin')).toEqual({ name: 'admin', appDir: 'admin' });
  });

  it('runs a worker from its api app, right after it, once the app declares queues', () => {
    expect(withWorkers).toEqual([
      { name: 'jobs', appDir: 'jobs' },
      { name: 'files', appDir: 'files', role: 'api' },
      { name: 'files-worker', appDir: 'files', role: 'worker' },
      { name: 'gateway', appDir: 'gateway' },
    ]);
  });
});

describe('buildServiceEnv', () => {
  it('points a service at the infrastructure and its health port', () => {
    expect(env('identity')).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: infra.databaseUrl,
      NATS_URL: infra.natsUrl,
      S3_ENDPOINT: 'http://127.0.0.1:5003',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'marketplace',
      S3_REGION: 'us-east-1',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      HEALTH_PORT: '6001',
      HEALTH_HOST: '127.0.0.1',
    });
  });

  it('gives the gateway its port and host', () => {
    expect(env('gateway')).toMatchObject({ PORT: '3000', HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3000' });
  });

  it('sets ROLE for apps that have more than one', () => {
    expect(env('files-worker').ROLE).toBe('worker');
    expect(buildServiceEnv({ service: withWorkers[1]!, infra, healthPort: 6001, gatewayPort: 3000, inherited: {} }).ROLE).toBe('api');
    expect(env('jobs').ROLE).toBeUndefined();
    expect(env('files').ROLE).toBe('api');
    expect(env('drafts').ROLE).toBe('api');
    expect(env('admin').ROLE).toBeUndefined();
  });

  it('passes the launcher environment on, except what is per process', () => {
    const result = env('jobs', { PATH: '/bin', PORT: '3000', HOST: '0.0.0.0', ROLE: 'worker', HEALTH_PORT: '1', LOG_LEVEL: 'debug', NODE_ENV: 'production' });
    expect(result).toMatchObject({ PATH: '/bin', LOG_LEVEL: 'debug', NODE_ENV: 'production', HEALTH_PORT: '6001' });
    expect(result.PORT).toBeUndefined();
    expect(result.HOST).toBeUndefined();
    expect(result.ROLE).toBeUndefined();
  });

  it('lets the launcher and extra set PUBLIC_URL for everyone', () => {
    expect(env('jobs', { PUBLIC_URL: 'https://market.example' }).PUBLIC_URL).toBe('https://market.example');
    expect(env('gateway', {}, { PUBLIC_URL: 'https://x.example' }).PUBLIC_URL).toBe('https://x.example');
  });

  it('lets extra override anything but the ports, hosts and role', () => {
    const result = env('files-worker', {}, { LOG_LEVEL: 'warn', DATABASE_URL: 'postgres://other/x', HEALTH_PORT: '1', ROLE: 'api', FEATURE: 'on' });
    expect(result).toMatchObject({ LOG_LEVEL: 'warn', DATABASE_URL: 'postgres://other/x', HEALTH_PORT: '6001', ROLE: 'worker', FEATURE: 'on' });
  });

  it('points every service at the local mail catcher when there is one, else at the inherited SMTP_URL', () => {
    const withCatcher = buildServiceEnv({
      service: service('identity'),
      infra: { ...infra, mail: { smtpUrl: 'smtp://127.0.0.1:5004', dir: '/tmp/mail' } },
      healthPort: 6001,
      gatewayPort: 3000,
      inherited: { SMTP_URL: 'smtp://ignored:25' },
    });
    expect(withCatcher.SMTP_URL).toBe('smtp://127.0.0.1:5004');
    expect(withCatcher.MAIL_FROM).toMatch(/@/);
    expect(env('identity', { SMTP_URL: 'smtps://mail.example:465' }).SMTP_URL).toBe('smtps://mail.example:465');
  });

  it('gives DATA_ENCRYPTION_KEY to the apps that seal secrets only; a key the launcher was given wins', () => {
    const of = (name: string, inherited: NodeJS.ProcessEnv = {}) =>
      buildServiceEnv({
        service: service(name),
        infra: { ...infra, dataKey: 'k'.repeat(43) },
        healthPort: 6001,
        gatewayPort: 3000,
        inherited,
      }).DATA_ENCRYPTION_KEY;
    for (const app of ['identity', 'jobs', 'notifications']) expect(of(app), app).toBe('k'.repeat(43));
    for (const app of ['gateway', 'files', 'applications', 'drafts', 'admin']) expect(of(app), app).toBeUndefined();
    expect(of('identity', { DATA_ENCRYPTION_KEY: 'given'.repeat(8) })).toBe('given'.repeat(8));
  });
});
