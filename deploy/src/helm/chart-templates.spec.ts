import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import * as contracts from '@marketplace/contracts';
import { workDurableName } from '@marketplace/service-kit';
import { CHART, named, ofKind, renderChart, renderError, type Manifest } from './render-chart.js';

/** The chart's unit tests: each template rendered with the value sets operators start from. */

// helm runs as a child process; on a busy machine (and with the RSA key) a render takes seconds.
vi.setConfig({ testTimeout: 120_000 });

type Container = { name: string; env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] };
type PodSpec = { containers: Container[]; initContainers?: Container[]; restartPolicy?: string };
const podSpec = (m: Manifest): PodSpec => (m.spec as { template: { spec: PodSpec } }).template.spec;
const envOf = (c: Container): Record<string, string> => Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? `secret:${e.valueFrom?.secretKeyRef?.name}/${e.valueFrom?.secretKeyRef?.key}`]));
const spec = <T>(m: Manifest): T => m.spec as T;

const DB_APPS = ['identity', 'jobs', 'applications', 'files', 'drafts', 'notifications', 'admin'];
const ciValues = readdirSync(resolve(CHART, 'ci')).filter((f) => f.endsWith('-values.yaml'));
const defaults = parse(readFileSync(resolve(CHART, 'values.yaml'), 'utf8')) as { workers: Record<string, { queues?: string[] }> };

const minimal = renderChart({ values: ['minimal-values.yaml'] });
const production = renderChart({ values: ['production-values.yaml'] });
const existing = renderChart({ values: ['existing-secret-values.yaml'] });

describe('values: nothing defaults a password', () => {
  it('refuses the default values, naming what to set', () => {
    expect(renderError()).toMatch(/postgresql\.auth\.password is required/);
  });
  it.each([
    ['the MinIO password', { 'bus.existingSecret': 'b', 'postgresql.auth.password': 'p', 'nats.auth.existingSecret': 'n' }, /minio\.auth\.rootPassword is required/],
    ['the NATS authorization', { 'postgresql.auth.password': 'p', 'minio.auth.rootPassword': 'longenough' }, /nats\.auth\.existingSecret is required/],
    ['a database URL for your own server', { 'postgresql.enabled': false, 'nats.auth.existingSecret': 'n', 'minio.auth.rootPassword': 'longenough' }, /secret\.data\.DATABASE_URL is required/],
    ['the NATS URL for your own server', { 'nats.enabled': false, 'postgresql.auth.password': 'p', 'minio.auth.rootPassword': 'longenough' }, /config\.NATS_URL is required/],
    ['a MinIO password MinIO accepts', { 'postgresql.auth.password': 'p', 'nats.auth.existingSecret': 'n', 'minio.auth.rootPassword': 'short' }, /at least 8 characters/],
  ])('requires %s', (_what, set, message) => {
    expect(renderError({ set })).toMatch(message);
  });
  it('renders no well-known password in any value set', () => {
    for (const file of ciValues) {
      const text = JSON.stringify(renderChart({ values: [file] }));
      expect(text, file).not.toMatch(/minioadmin|marketplace:marketplace@/);
    }
  });
});

describe('values.schema.json refuses bad values', () => {
  it.each([
    [{ 'streams.replicas': 2 }, /streams\/replicas/],
    [{ 'apps.jobs.replicas': -1 }, /apps\/jobs\/replicas/],
    [{ 'apps.jobs.replicaz': 2 }, /additional properties 'replicaz'/],
    [{ 'workers.files.queues[0]': 'Preview' }, /workers\/files\/queues\/0/],
    [{ 'workers.files.keda.maxReplicaCount': 0 }, /maxReplicaCount/],
    [{ 'image.pullPolicy': 'Sometimes' }, /pullPolicy/],
    [{ 'networkPolicy.postgresql.cidrs[0]': 'not-a-cidr' }, /networkPolicy\/postgresql\/cidrs/],
    [{ 'config.LOG_LEVEL': 'loud' }, /LOG_LEVEL/],
  ])('refuses %j', (set, message) => {
    expect(renderError({ values: ['minimal-values.yaml'], set })).toMatch(message);
  });
});

describe('workloads.yaml', () => {
  it('runs one Deployment per app and its workers, none with a migration init container', () => {
    const deployments = ofKind(minimal, 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(
      [...DB_APPS, 'gateway', 'files-worker', 'drafts-worker', 'notifications-worker'].map((n) => `marketplace-${n}`).sort());
    for (const d of deployments) expect(podSpec(d).initContainers, d.metadata.name).toBeUndefined();
  });
  it('tells every container its app and role, and leaves migrations to the Jobs', () => {
    for (const d of ofKind(minimal, 'Deployment')) {
      const env = envOf(podSpec(d).containers[0]!);
      const component = d.metadata.labels!['app.kubernetes.io/component']!;
      expect(env.APP).toBe(component.replace(/-worker$/, ''));
      expect(env.ROLE).toBe(component.endsWith('-worker') ? 'worker' : 'api');
      if (DB_APPS.includes(env.APP!)) expect(env.MIGRATE_ON_START).toBe('false');
      expect(env.NATS_NKEY_SEED).toBe(`secret:marketplace-bus/NATS_NKEY_SEED_${env.APP!.toUpperCase()}`);
    }
  });
  it('gives each service its own database role from the Secret', () => {
    const jobs = envOf(podSpec(named(production, 'Deployment', 'marketplace-jobs')).containers[0]!);
    expect(jobs.DATABASE_URL).toBe('secret:marketplace-secret/JOBS_DATABASE_URL');
    const worker = envOf(podSpec(named(production, 'Deployment', 'marketplace-files-worker')).containers[0]!);
    expect(worker.DATABASE_URL).toBe('secret:marketplace-secret/FILES_DATABASE_URL');
  });
  it('gives the services that store objects the store keys, the drafts service and its worker included (walkthrough recordings)', () => {
    for (const values of [minimal, production]) {
      for (const name of ['files', 'files-worker', 'drafts', 'drafts-worker']) {
        const env = envOf(podSpec(named(values, 'Deployment', `marketplace-${name}`)).containers[0]!);
        expect(env.S3_ACCESS_KEY, name).toMatch(/^secret:/);
        expect(env.S3_SECRET_KEY, name).toMatch(/^secret:/);
      }
    }
  });
  it('sizes the drafts worker\'s /tmp for a joined walkthrough (2.4 GiB at most), the others at the default', () => {
    type Volumes = { volumes: { name: string; emptyDir?: { sizeLimit?: string } }[] };
    const tmp = (name: string) => (podSpec(named(minimal, 'Deployment', `marketplace-${name}`)) as unknown as Volumes).volumes.find((v) => v.name === 'tmp')?.emptyDir?.sizeLimit;
    expect(tmp('drafts-worker')).toBe('3Gi');
    expect(tmp('drafts')).toBe('256Mi');
    expect(tmp('gateway')).toBe('256Mi');
  });
  it('leaves replicas to the autoscaler that owns them', () => {
    expect(spec<{ replicas?: number }>(named(production, 'Deployment', 'marketplace-gateway')).replicas).toBeUndefined();
    expect(spec<{ replicas?: number }>(named(production, 'Deployment', 'marketplace-files-worker')).replicas).toBeUndefined();
    expect(spec<{ replicas?: number }>(named(production, 'Deployment', 'marketplace-identity')).replicas).toBe(2);
  });
  it('keeps CPU HPAs for the APIs and none for KEDA-scaled workers', () => {
    expect(ofKind(production, 'HorizontalPodAutoscaler').map((h) => h.metadata.name).sort())
      .toEqual(['marketplace-gateway', 'marketplace-jobs']);
  });
  it('puts a PodDisruptionBudget on every workload that may run more than one pod', () => {
    const pdbs = ofKind(production, 'PodDisruptionBudget').map((p) => p.metadata.name).sort();
    expect(pdbs).toEqual(['applications', 'drafts', 'drafts-worker', 'files', 'files-worker', 'gateway', 'identity', 'jobs', 'notifications']
      .map((n) => `marketplace-${n}`).sort());
    expect(ofKind(minimal, 'PodDisruptionBudget').map((p) => p.metadata.name)).toEqual(['marketplace-gateway']);
  });
});

describe('ScaledObjects (KEDA, JetStream consumer lag)', () => {
  const scaled = ofKind(production, 'ScaledObject');
  type Trigger = { type: string; metadata: Record<string, string> };
  type Scaled = { scaleTargetRef: { name: string }; minReplicaCount: number; maxReplicaCount: number; triggers: Trigger[] };
  it('scales the files worker on each of its queues', () => {
    const files = spec<Scaled>(named(production, 'ScaledObject', 'marketplace-files-worker'));
    expect(files.scaleTargetRef.name).toBe('marketplace-files-worker');
    expect([files.minReplicaCount, files.maxReplicaCount]).toEqual([1, 20]);
    expect(files.triggers.map((t) => [t.type, t.metadata.stream, t.metadata.consumer])).toEqual([
      ['nats-jetstream', 'WORK_FILES', 'preview-v1'], ['nats-jetstream', 'WORK_FILES', 'cleanup-v1'], ['nats-jetstream', 'WORK_FILES', 'assemble-v1'],
    ]);
    expect(files.triggers[0]!.metadata).toMatchObject({ natsServerMonitoringEndpoint: 'nats.messaging.svc.cluster.local:8222', account: '$G', lagThreshold: '20' });
  });
  it('scales any worker listed in values (the drafts worker down to zero)', () => {
    const drafts = spec<Scaled>(named(production, 'ScaledObject', 'marketplace-drafts-worker'));
    expect([drafts.minReplicaCount, drafts.maxReplicaCount]).toEqual([0, 6]);
    // One trigger per queue: research and writing tasks, recording checks, and job evals rewritten after edits.
    expect(drafts.triggers.map((t) => [t.metadata.stream, t.metadata.consumer])).toEqual([
      ['WORK_DRAFTS', 'task-v1'], ['WORK_DRAFTS', 'recording-v1'], ['WORK_DRAFTS', 'job-eval-v1'],
    ]);
    expect(scaled).toHaveLength(2);
  });
  it('reads lag from the bundled NATS when it is on', () => {
    const objs = renderChart({ values: ['minimal-values.yaml'], set: { 'workers.files.keda.enabled': true } });
    const t = spec<Scaled>(named(objs, 'ScaledObject', 'marketplace-files-worker')).triggers[0]!;
    expect(t.metadata.natsServerMonitoringEndpoint).toBe('marketplace-nats.marketplace.svc:8222');
  });
  it('lists, for every service with work queues, the durable consumer of each of them', () => {
    const queues = Object.values(contracts).filter((v): v is contracts.QueueDefinition =>
      typeof v === 'object' && v !== null && 'subject' in v && 'version' in v && String((v as { subject: unknown }).subject).startsWith(`${contracts.WORK_SUBJECT_PREFIX}.`));
    expect(queues.length).toBeGreaterThan(0);
    const byService = new Map<string, string[]>();
    for (const q of queues) byService.set(q.service, [...(byService.get(q.service) ?? []), workDurableName(q)]);
    for (const [service, durables] of byService) {
      expect(defaults.workers[service]?.queues?.slice().sort(), `workers.${service}.queues`).toEqual(durables.sort());
    }
  });
});

describe('migrations.yaml', () => {
  type JobSpec = { backoffLimit: number; template: { spec: PodSpec } };
  it('runs one Job per database app, before the pods change', () => {
    const jobs = ofKind(production, 'Job');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(DB_APPS.map((a) => `marketplace-${a}-migrate`).sort());
    for (const job of jobs) {
      expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '0' });
      const c = spec<JobSpec>(job).template.spec.containers[0]!;
      const env = envOf(c);
      expect(env.ROLE).toBe('migrate');
      // Settings inline (the ConfigMap may not exist yet); nothing of the bus.
      expect(env.LOG_LEVEL).toBe('info');
      expect(env.NATS_URL).toBeUndefined();
      expect(env.DATABASE_URL).toBe(`secret:marketplace-migrate/${env.APP!.toUpperCase()}_DATABASE_URL`);
      expect(spec<JobSpec>(job).template.spec.restartPolicy).toBe('Never');
    }
  });
  it('gives the Jobs their database keys in a hook Secret that exists before them', () => {
    const secret = named(production, 'Secret', 'marketplace-migrate');
    expect(secret.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '-10' });
    expect(Object.keys(secret.stringData as object).sort()).toEqual(
      [...DB_APPS.map((a) => `${a.toUpperCase()}_DATABASE_URL`), 'DATA_ENCRYPTION_KEY'].sort());
  });
  it('generates one DATA_ENCRYPTION_KEY for the apps that seal secrets and their migrations, and no other app gets it', () => {
    const data = named(minimal, 'Secret', 'marketplace-secret').stringData as Record<string, string>;
    expect(data.DATA_ENCRYPTION_KEY).toMatch(/^[A-Za-z0-9]{48}$/);
    expect((named(minimal, 'Secret', 'marketplace-migrate').stringData as Record<string, string>).DATA_ENCRYPTION_KEY).toBe(data.DATA_ENCRYPTION_KEY);
    for (const app of DB_APPS) {
      const sealing = ['identity', 'jobs', 'notifications'].includes(app);
      const deployed = envOf(podSpec(named(minimal, 'Deployment', `marketplace-${app}`)).containers[0]!);
      expect(deployed.DATA_ENCRYPTION_KEY, app).toBe(sealing ? 'secret:marketplace-secret/DATA_ENCRYPTION_KEY' : undefined);
      const migrate = envOf(spec<JobSpec>(named(minimal, 'Job', `marketplace-${app}-migrate`)).template.spec.containers[0]!);
      expect(migrate.DATA_ENCRYPTION_KEY, app).toBe(sealing ? 'secret:marketplace-migrate/DATA_ENCRYPTION_KEY' : undefined);
    }
    expect(envOf(podSpec(named(minimal, 'Deployment', 'marketplace-gateway')).containers[0]!).DATA_ENCRYPTION_KEY).toBeUndefined();
    const given = renderChart({ values: ['minimal-values.yaml'], set: { 'secret.data.DATA_ENCRYPTION_KEY': 'k'.repeat(40) } });
    expect((named(given, 'Secret', 'marketplace-secret').stringData as Record<string, string>).DATA_ENCRYPTION_KEY).toBe('k'.repeat(40));
    expect((named(given, 'Secret', 'marketplace-migrate').stringData as Record<string, string>).DATA_ENCRYPTION_KEY).toBe('k'.repeat(40));
  });
  it('waits for the bundled PostgreSQL on a first install', () => {
    for (const job of ofKind(minimal, 'Job').filter((j) => j.metadata.name.endsWith('-migrate'))) {
      expect(job.metadata.annotations!['helm.sh/hook']).toBe('post-install,pre-upgrade');
    }
  });
  it('reads an existing Secret directly', () => {
    const jobs = envOf(spec<JobSpec>(named(existing, 'Job', 'marketplace-jobs-migrate')).template.spec.containers[0]!);
    expect(jobs.DATABASE_URL).toBe('secret:marketplace-prod/JOBS_DATABASE_URL');
    expect(ofKind(existing, 'Secret')).toHaveLength(0);
  });
  it('migrates on start instead when the Jobs are off', () => {
    const objs = renderChart({ values: ['minimal-values.yaml'], set: { 'migrations.enabled': false } });
    expect(ofKind(objs, 'Job').filter((j) => j.metadata.name.endsWith('-migrate'))).toHaveLength(0);
    expect(envOf(podSpec(named(objs, 'Deployment', 'marketplace-jobs')).containers[0]!).MIGRATE_ON_START).toBe('true');
  });
});

describe('secret.yaml and configmap.yaml', () => {
  it('builds the database URL and storage keys from the bundled servers', () => {
    const data = named(minimal, 'Secret', 'marketplace-secret').stringData as Record<string, string>;
    expect(data.DATABASE_URL).toBe('postgres://marketplace:pg-s3cret%2Fx@marketplace-postgresql:5432/marketplace');
    expect([data.S3_ACCESS_KEY, data.S3_SECRET_KEY]).toEqual(['marketplace', 'minio-s3cret']);
  });
  it('generates the gateway\'s OAuth keys when the operator gives none', () => {
    const generated = renderChart({ values: ['minimal-values.yaml'], generateKeys: true });
    const data = named(generated, 'Secret', 'marketplace-secret').stringData as Record<string, string>;
    expect(data.OAUTH_SIGNING_KEYS).toMatch(/BEGIN RSA PRIVATE KEY/);
    expect(data.OAUTH_COOKIE_KEYS).toMatch(/^[A-Za-z0-9]{48}$/);
  });
  it('points the apps at the bundled servers, or at the operator\'s', () => {
    expect(named(minimal, 'ConfigMap', 'marketplace-config').data).toMatchObject({
      NATS_URL: 'nats://marketplace-nats:4222', S3_ENDPOINT: 'http://marketplace-minio:9000', JETSTREAM_REPLICAS: '1',
    });
    expect(named(production, 'ConfigMap', 'marketplace-config').data).toMatchObject({
      NATS_URL: 'nats://nats.messaging.svc.cluster.local:4222', S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', JETSTREAM_REPLICAS: '3',
    });
  });
  it('names a missing per-service key', () => {
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'apps.jobs.database.secretKey': 'JOBS_DATABASE_URL' } }))
      .toMatch(/secret\.data\.JOBS_DATABASE_URL is required by apps\.jobs\.database\.secretKey/);
  });
});

describe('networkpolicy.yaml', () => {
  type Peer = { podSelector?: { matchLabels: Record<string, string> }; ipBlock?: { cidr: string }; namespaceSelector?: unknown };
  type Rule = { to?: Peer[]; from?: Peer[]; ports: { port: number | string; protocol: string }[] };
  type Policy = { podSelector: { matchLabels: Record<string, string> }; policyTypes: string[]; ingress?: Rule[]; egress?: Rule[] };
  it('lets pods reach only DNS, NATS, PostgreSQL and storage', () => {
    const p = spec<Policy>(named(minimal, 'NetworkPolicy', 'marketplace-pods'));
    expect(p.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(p.egress!.map((r) => r.ports.map((x) => x.port).join('+'))).toEqual(['53+53', '4222', '5432', '9000']);
    expect(p.egress!.slice(1).map((r) => r.to![0]!.podSelector!.matchLabels['app.kubernetes.io/name'])).toEqual(['nats', 'postgresql', 'minio']);
    expect(p.ingress!.map((r) => r.ports[0]!.port)).toEqual(['health']);
  });
  it('takes outside traffic on the gateway only, from the configured peers', () => {
    const g = spec<Policy>(named(production, 'NetworkPolicy', 'marketplace-gateway'));
    expect(g.podSelector.matchLabels['app.kubernetes.io/component']).toBe('gateway');
    expect(g.ingress![0]!.ports[0]!.port).toBe('http');
    expect(g.ingress![0]!.from).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }]);
    expect(ofKind(production, 'NetworkPolicy')).toHaveLength(2);
  });
  it('reaches the operator\'s own servers by CIDR or selector', () => {
    const p = spec<Policy>(named(production, 'NetworkPolicy', 'marketplace-pods'));
    expect(p.egress![2]).toEqual({ to: [{ ipBlock: { cidr: '10.20.0.0/16' } }], ports: [{ port: 5432, protocol: 'TCP' }] });
    expect(p.egress![3]!.ports[0]!.port).toBe(443);
  });
  it('refuses to cut the apps off an external server it has no address for', () => {
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'postgresql.enabled': false, 'secret.data.DATABASE_URL': 'postgres://u:p@db/m' } }))
      .toMatch(/networkPolicy\.postgresql\.cidrs or networkPolicy\.postgresql\.peers is required/);
  });
});

describe('observability: dashboard.yaml and servicemonitor.yaml', () => {
  it('ships the Grafana dashboard when asked, covering every service metric', () => {
    expect(ofKind(minimal, 'ConfigMap').map((c) => c.metadata.name)).not.toContain('marketplace-dashboard');
    const cm = named(production, 'ConfigMap', 'marketplace-dashboard');
    expect(cm.metadata.labels!.grafana_dashboard).toBe('1');
    const dashboard = JSON.parse((cm.data as Record<string, string>)['marketplace-services.json']!) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    for (const metric of ['bus_requests_total', 'bus_request_duration_seconds_bucket', 'work_queue_pending', 'outbox_lag_seconds', 'outbox_pending_events']) {
      expect(exprs).toContain(metric);
    }
  });
  it('scrapes every workload\'s health port', () => {
    const sm = named(production, 'ServiceMonitor', 'marketplace');
    expect(spec<{ endpoints: { port: string; path: string }[] }>(sm).endpoints[0]).toMatchObject({ port: 'health', path: '/metrics' });
  });
});

describe('bundled dependencies (charts/)', () => {
  it('installs PostgreSQL, NATS with JetStream and MinIO on a bare cluster, each off on request', () => {
    expect(ofKind(minimal, 'StatefulSet').map((s) => s.metadata.name).sort()).toEqual(['marketplace-minio', 'marketplace-nats', 'marketplace-postgresql']);
    expect(ofKind(production, 'StatefulSet')).toHaveLength(0);
  });
  it('runs NATS with JetStream, the bus authorization and, with three servers, a cluster', () => {
    const conf = (named(minimal, 'ConfigMap', 'marketplace-nats').data as Record<string, string>)['nats.conf']!;
    expect(conf).toMatch(/jetstream \{/);
    expect(conf).toMatch(/include "auth\/auth.conf"/);
    expect(conf).not.toMatch(/cluster \{/);
    const three = renderChart({ values: ['minimal-values.yaml'], set: { 'nats.replicas': 3, 'streams.replicas': 3 } });
    const clustered = (named(three, 'ConfigMap', 'marketplace-nats').data as Record<string, string>)['nats.conf']!;
    expect(clustered.match(/nats:\/\/marketplace-nats-\d\.marketplace-nats-headless:6222/g)).toHaveLength(3);
    expect(spec<{ replicas: number }>(named(three, 'StatefulSet', 'marketplace-nats')).replicas).toBe(3);
  });
  it('creates the files bucket after install', () => {
    const job = named(minimal, 'Job', 'marketplace-minio-bucket');
    expect(JSON.stringify(job)).toContain('mc mb --ignore-existing \\"local/marketplace-files\\"');
  });
});

describe('ingress.yaml, serviceaccount.yaml, NOTES.txt', () => {
  it('routes the Ingress to the gateway', () => {
    const ing = named(production, 'Ingress', 'marketplace');
    expect(JSON.stringify(ing.spec)).toContain('"name":"marketplace-gateway"');
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'ingress.enabled': true, 'apps.gateway.enabled': false } })).toBeDefined();
  });
  it('creates the ServiceAccount without an API token', () => {
    expect(named(minimal, 'ServiceAccount', 'marketplace').automountServiceAccountToken).toBe(false);
  });
});
