import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { CHART, type Manifest, renderChart, ROOT } from '../helm/render-chart.js';

/**
 * The operators' settings table and the chart against the declarations (the kit's and each
 * service's, as built): the table is generated, never edited by hand, and the chart sets no name
 * that nothing declares (a typo there would be silently ignored by every service).
 */

// helm runs as a child process; on a busy machine a render takes seconds.
vi.setConfig({ testTimeout: 120_000 });

interface Declared {
  name: string;
}
interface Group {
  owner: string;
  declarations: Declared[];
}
interface SettingsTableTool {
  OPERATORS_DOC: string;
  declaredGroups(): Promise<{ apps: string[]; groups: Group[] }>;
  generatedOperatorsDoc(doc?: string): Promise<string>;
}

const tool = (): Promise<SettingsTableTool> => import(resolve(ROOT, 'tools/settings-table.mjs')) as Promise<SettingsTableTool>;

/** Read by the platform rather than by our code: the image's entrypoint and health check (APP), Node itself. */
const PLATFORM = new Set(['APP', 'NODE_OPTIONS', 'PATH', 'HOME', 'TZ']);
/** Names that follow something else's names (the queues), checked by their pattern. */
const PATTERNS = [/^WORKER_CONCURRENCY_[A-Z0-9_]+$/];

type Container = { env?: { name: string }[]; envFrom?: { configMapRef?: { name: string } }[] };

function containersOf(m: Manifest): Container[] {
  const spec = (m.spec as { template?: { spec?: { containers?: Container[]; initContainers?: Container[] } } } | undefined)?.template?.spec;
  const job = (m.spec as { jobTemplate?: { spec?: { template?: { spec?: { containers?: Container[] } } } } } | undefined)?.jobTemplate?.spec?.template?.spec;
  return [...(spec?.containers ?? []), ...(spec?.initContainers ?? []), ...(job?.containers ?? [])];
}

/** Every variable the chart gives a marketplace process (a container that says which APP it runs), ConfigMaps it loads included. */
function chartVariables(manifests: Manifest[]): Set<string> {
  const configMaps = new Map(
    manifests.filter((m) => m.kind === 'ConfigMap').map((m) => [m.metadata.name, Object.keys((m.data as Record<string, string>) ?? {})]),
  );
  const names = new Set<string>();
  for (const c of manifests.flatMap(containersOf)) {
    if (!c.env?.some((e) => e.name === 'APP')) continue;
    for (const e of c.env) names.add(e.name);
    for (const from of c.envFrom ?? []) for (const key of configMaps.get(from.configMapRef?.name ?? '') ?? []) names.add(key);
  }
  return names;
}

describe('the settings table in docs/operators.md', () => {
  it('is what the declarations make (npm run docs:settings writes it)', async () => {
    const { OPERATORS_DOC, generatedOperatorsDoc } = await tool();
    const doc = readFileSync(OPERATORS_DOC, 'utf8');
    expect(await generatedOperatorsDoc(doc), 'run npm run docs:settings').toBe(doc);
  });

  it('has every service with settings of its own, and every name declared once', async () => {
    const { apps, groups } = await tool().then((t) => t.declaredGroups());
    expect(apps).toEqual(readdirSync(resolve(ROOT, 'apps')).sort());
    const names = groups.flatMap((g) => g.declarations.map((d) => d.name));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(names).toContain('JOB_POSTS_PER_DAY');
    expect(groups.find((g) => g.declarations.some((d) => d.name === 'JOB_POSTS_PER_DAY'))?.owner).toBe('jobs');
  });
});

describe('the chart', () => {
  it.each(readdirSync(resolve(CHART, 'ci')).filter((f) => f.endsWith('-values.yaml')))('sets only declared variables with %s', async (values) => {
    const { groups } = await tool().then((t) => t.declaredGroups());
    const declared = new Set(groups.flatMap((g) => g.declarations.map((d) => d.name)));
    const set = [...chartVariables(renderChart({ values: [values] }))];
    expect(set.length).toBeGreaterThan(10);
    expect(set.filter((n) => !declared.has(n) && !PLATFORM.has(n) && !PATTERNS.some((p) => p.test(n))).sort()).toEqual([]);
  });
});
