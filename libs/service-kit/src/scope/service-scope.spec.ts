import { setTimeout as sleep } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { recordOperation } from '../health/service-metrics.js';
import { configureTracing, stopTracing } from '../tracing/tracer.js';
import { currentScope, inServiceScope, serviceEnv, serviceMetrics } from './service-scope.js';

describe('service scopes', () => {
  it('give each service in the process its own settings, through awaits and timers', async () => {
    const seen = await Promise.all(
      ['jobs', 'identity'].map((name) =>
        inServiceScope({ NAME: name }, async () => {
          await sleep(5);
          const later = await new Promise<string | undefined>((resolve) => setTimeout(() => resolve(serviceEnv().NAME), 5));
          return [serviceEnv().NAME, later];
        }),
      ),
    );
    expect(seen).toEqual([
      ['jobs', 'jobs'],
      ['identity', 'identity'],
    ]);
  });

  it('read the process environment outside any service', () => {
    expect(serviceEnv()).toBe(process.env);
  });

  it("keep each service's metrics in its own registry", async () => {
    const texts = await Promise.all(
      ['jobs', 'identity'].map((name) =>
        inServiceScope({}, async () => {
          serviceMetrics().setDefaultLabels({ service: name });
          recordOperation(`${name}Operation`, 200, 0.01);
          return serviceMetrics().metrics();
        }),
      ),
    );
    expect(texts[0]).toMatch(/bus_requests_total\{operation="jobsOperation",status="200",service="jobs"\} 1/);
    expect(texts[0]).not.toContain('identityOperation');
    expect(texts[1]).toMatch(/bus_requests_total\{operation="identityOperation",status="200",service="identity"\} 1/);
    expect(texts[1]).not.toContain('jobsOperation');
  });

  it('send spans only for the service that configured tracing', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' };
    await inServiceScope(env, async () => {
      configureTracing('jobs', env);
      expect(currentScope().traces).toBeDefined();
      expect(inServiceScope({}, () => currentScope().traces)).toBeUndefined();
      await stopTracing();
    });
    expect(currentScope().traces).toBeUndefined();
  });
});
