import { api, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';

const base = inject('baseUrl');
const gatewayHealth = inject('gatewayHealthUrl');

describe('a service that goes away', () => {
  it('answers every call under load with 503 while it is gone, never a hang, and recovers when it returns', async () => {
    let running = true;
    const statuses: number[] = [];
    // A hang would keep a load loop from ending, and the test from finishing: every call must be answered.
    const load = Array.from({ length: 8 }, async () => {
      while (running) {
        const res = await api(base, '/api/jobs?limit=5');
        statuses.push(res.status);
        if (res.status === 503) {
          expect(res.body.error).toMatch(/jobs service is unavailable/);
          expect(res.headers.get('retry-after')).toBeTruthy();
        }
      }
    });
    // The load runs against a healthy service first, then sees the outage, whatever the machine's speed.
    await until(() => statuses.includes(200), { what: 'a 200 under load before the outage' });
    await service('stop', 'jobs');
    await until(() => statuses.includes(503), { what: 'a 503 under load during the outage' });
    const during = await api(base, '/api/jobs?limit=5');
    expect(during.status).toBe(503);
    // The gateway itself stays ready (its probe must not pull every gateway out of service);
    // the public readiness endpoint reports the missing dependency, as the contract says.
    const probe = await fetch(`${gatewayHealth}/ready`);
    expect(probe.status).toBe(200);
    expect(await probe.json()).toEqual({ service: 'gateway', bus: true });
    const reported = await api(base, '/api/health/ready');
    expect(reported.status).toBe(503);
    expect(reported.body.checks['jobs.database']).toBe(false);
    expect(reported.body.checks.bus).toBe(true);
    await service('start', 'jobs');
    running = false;
    await Promise.all(load);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    const after = await api(base, '/api/jobs?limit=5');
    expect(after.status).toBe(200);
    const ready = await api(base, '/api/health/ready');
    expect(ready.status).toBe(200);
  });
});
