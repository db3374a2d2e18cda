import { describe, expect, it } from 'vitest';

import { processLayout } from './process-layout.js';
import { sharedEnv } from './service-env.js';

describe('the process layout', () => {
  it('is one process unless MARKETPLACE_PROCESSES says per-service', () => {
    expect(processLayout({})).toBe('one-process');
    expect(processLayout({ MARKETPLACE_PROCESSES: ' ' })).toBe('one-process');
    expect(processLayout({ MARKETPLACE_PROCESSES: 'per-service' })).toBe('per-service');
    expect(() => processLayout({ MARKETPLACE_PROCESSES: 'two' })).toThrow(/one-process or per-service/);
  });

  it('gives the shared process only the settings every service has alike', () => {
    const jobs = { PATH: '/bin', NATS_NKEY_SEED: 'SUjobs', HEALTH_PORT: '4001', LOG_LEVEL: 'info' };
    const gateway = { PATH: '/bin', NATS_NKEY_SEED: 'SUgateway', HEALTH_PORT: '4002', LOG_LEVEL: 'info', BUS_CALLER_SIGNING_KEY: '{}' };
    expect(sharedEnv([jobs, gateway])).toEqual({ PATH: '/bin', LOG_LEVEL: 'info' });
    expect(sharedEnv([])).toEqual({});
  });
});
