import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { CHART, type Manifest, renderChart } from './render-chart.js';

/**
 * Every rendered manifest validated against the Kubernetes API schemas (kubernetes-models, the
 * OpenAPI schemas of the API server as JSON Schema), with each value set the chart is checked with.
 */

vi.setConfig({ testTimeout: 120_000 });

/** Custom resources the chart may render, whose operators (KEDA, Prometheus Operator) are optional: checked by shape. */
const CUSTOM: Record<string, (m: Manifest) => void> = {
  'keda.sh/v1alpha1/ScaledObject': (m) => {
    const spec = m.spec as { scaleTargetRef?: { name?: string }; triggers?: { type: string; metadata: Record<string, unknown> }[]; maxReplicaCount?: number };
    expect(spec.scaleTargetRef?.name).toBeTruthy();
    expect(spec.maxReplicaCount).toBeGreaterThan(0);
    expect(spec.triggers?.length).toBeGreaterThan(0);
    for (const t of spec.triggers!) {
      expect(t.type).toBe('nats-jetstream');
      // KEDA reads trigger metadata as strings.
      for (const v of Object.values(t.metadata)) expect(typeof v).toBe('string');
      expect(Object.keys(t.metadata)).toEqual(expect.arrayContaining(['natsServerMonitoringEndpoint', 'account', 'stream', 'consumer', 'lagThreshold']));
    }
  },
  'monitoring.coreos.com/v1/ServiceMonitor': (m) => {
    const spec = m.spec as { selector?: object; endpoints?: { port?: string }[] };
    expect(spec.selector).toBeTruthy();
    expect(spec.endpoints?.every((e) => typeof e.port === 'string')).toBe(true);
  },
};

async function validate(m: Manifest): Promise<void> {
  const key = `${m.apiVersion}/${m.kind}`;
  const custom = CUSTOM[key];
  if (custom) return custom(m);
  // kubernetes-models is laid out as <group>/<version>/<Kind> ("v1" for the core group).
  const mod = (await import(/* @vite-ignore */ `kubernetes-models/${m.apiVersion}/${m.kind}`).catch(() => undefined)) as
    Record<string, new (data: unknown) => { validate(): void }> | undefined;
  const Model = mod?.[m.kind];
  if (!Model) throw new Error(`${key} is not a Kubernetes API kind (${m.metadata.name})`);
  new Model(m).validate();
}

const valueSets = readdirSync(resolve(CHART, 'ci')).filter((f) => f.endsWith('-values.yaml'));

describe.each(valueSets)('rendered with ci/%s', (file) => {
  const manifests = renderChart({ values: [file] });
  it('renders manifests', () => {
    expect(manifests.length).toBeGreaterThan(10);
  });
  it.each(manifests.map((m) => [`${m.kind}/${m.metadata.name}`, m] as const))('%s matches the Kubernetes schema', async (_name, m) => {
    await validate(m);
    // Names become DNS labels (Services) or label values: at most 63 characters.
    expect(m.metadata.name.length).toBeLessThanOrEqual(63);
  });
});

describe('the validator', () => {
  it('refuses a manifest the API server would refuse', async () => {
    const bad = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { replicas: 'two', selector: {}, template: {} },
    } as unknown as Manifest;
    await expect(validate(bad)).rejects.toThrow();
    const unknownKind = { apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } } as Manifest;
    await expect(validate(unknownKind)).rejects.toThrow(/not a Kubernetes API kind/);
  });
});
