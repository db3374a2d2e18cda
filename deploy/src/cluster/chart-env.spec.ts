import { describe, expect, it } from 'vitest';

import type { Manifest } from '../helm/render-chart.js';
import { type ChartContainer, chartObjects, containerEnv, dockerfileEnv, expand } from './chart-env.js';

const manifests: Manifest[] = [
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'config' }, data: { LOG_LEVEL: 'info', NATS_URL: 'nats://nats:4222' } },
  {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'secret' },
    data: { KEY: Buffer.from('from-data').toString('base64') },
    stringData: { URL: 'postgres://u:p@db/x' },
  },
];
const objects = chartObjects(manifests, { bus: { SEED: 'seed' } });
const pod = { name: 'jobs-abc', imageEnv: { NODE_ENV: 'production', LOG_LEVEL: 'debug' } };

describe("a container's environment, as the kubelet builds it", () => {
  it("takes the image's ENV, then envFrom, then env in order, reading Secrets (base64 data, plain stringData), ConfigMaps and the pod's name", () => {
    const container: ChartContainer = {
      name: 'jobs',
      image: 'marketplace:1',
      envFrom: [{ configMapRef: { name: 'config' } }],
      env: [
        { name: 'APP', value: 'jobs' },
        { name: 'KEY', valueFrom: { secretKeyRef: { name: 'secret', key: 'KEY' } } },
        { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'secret', key: 'URL' } } },
        { name: 'SEED', valueFrom: { secretKeyRef: { name: 'bus', key: 'SEED' } } },
        { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
        { name: 'ECHO', value: '$(APP)-$$(APP)' },
        { name: 'MAYBE', valueFrom: { secretKeyRef: { name: 'secret', key: 'ABSENT', optional: true } } },
      ],
    };
    expect(containerEnv('Deployment jobs', container, objects, pod)).toEqual({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      NATS_URL: 'nats://nats:4222',
      APP: 'jobs',
      KEY: 'from-data',
      DATABASE_URL: 'postgres://u:p@db/x',
      SEED: 'seed',
      POD: 'jobs-abc',
      ECHO: 'jobs-$(APP)',
    });
  });

  it('refuses, naming the workload, the variable and what is missing, where Kubernetes would not start the container', () => {
    const missingKey: ChartContainer = {
      name: 'drafts',
      image: 'marketplace:1',
      env: [{ name: 'S3_ACCESS_KEY', valueFrom: { secretKeyRef: { name: 'secret', key: 'DRAFTS_S3_ACCESS_KEY' } } }],
    };
    expect(() => containerEnv('Deployment drafts', missingKey, objects, pod)).toThrow(
      'Deployment drafts (container drafts): S3_ACCESS_KEY needs key DRAFTS_S3_ACCESS_KEY of Secret secret, which lacks it',
    );
    const missingMap: ChartContainer = { name: 'x', image: 'marketplace:1', envFrom: [{ configMapRef: { name: 'gone' } }] };
    expect(() => containerEnv('Job x', missingMap, objects, pod)).toThrow('envFrom names ConfigMap gone, which does not exist');
  });

  it("expands $(VAR) as Kubernetes does and reads the Dockerfile's ENV lines", () => {
    expect(expand('--dbname=$(URL) $(NOPE) $$', { URL: 'postgres://h/db' })).toBe('--dbname=postgres://h/db $(NOPE) $');
    expect(dockerfileEnv('FROM x AS base\nENV A=1 \\\n    B=two\nARG APP=gateway\nENV APP=${APP}\n')).toEqual({ A: '1', B: 'two' });
  });
});
