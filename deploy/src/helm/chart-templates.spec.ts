import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import * as contracts from '@marketplace/contracts';
import { workDurableName } from '@marketplace/service-kit';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';

import { CHART, type Manifest, named, ofKind, renderChart, renderError } from './render-chart.js';

/** The chart's unit tests: each template rendered with the value sets operators start from. */

// helm runs as a child process; on a busy machine (and with the RSA key) a render takes seconds.
vi.setConfig({ testTimeout: 120_000 });

type Container = { name: string; env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] };
type PodSpec = { containers: Container[]; initContainers?: Container[]; restartPolicy?: string };
const podSpec = (m: Manifest): PodSpec => (m.spec as { template: { spec: PodSpec } }).template.spec;
const envOf = (c: Container): Record<string, string> =>
  Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? `secret:${e.valueFrom?.secretKeyRef?.name}/${e.valueFrom?.secretKeyRef?.key}`]));
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
    [
      'the MinIO password',
      { 'bus.existingSecret': 'b', 'postgresql.auth.password': 'p', 'nats.auth.existingSecret': 'n' },
      /minio\.auth\.rootPassword is required/,
    ],
    ['the NATS authorization', { 'postgresql.auth.password': 'p', 'minio.auth.rootPassword': 'longenough' }, /nats\.auth\.existingSecret is required/],
    [
      'a database URL for your own server',
      { 'postgresql.enabled': false, 'nats.auth.existingSecret': 'n', 'minio.auth.rootPassword': 'longenough' },
      /secret\.data\.DATABASE_URL is required/,
    ],
    [
      'the NATS URL for your own server',
      { 'nats.enabled': false, 'postgresql.auth.password': 'p', 'minio.auth.rootPassword': 'longenough' },
      /config\.NATS_URL is required/,
    ],
    [
      'a MinIO password MinIO accepts',
      { 'postgresql.auth.password': 'p', 'nats.auth.existingSecret': 'n', 'minio.auth.rootPassword': 'short' },
      /at least 8 characters/,
    ],
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
      [...DB_APPS, 'gateway', 'files-worker', 'drafts-worker', 'notifications-worker'].map((n) => `marketplace-${n}`).sort(),
    );
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
  it('gives the services that store objects their own store user, the drafts service and its worker included (walkthrough recordings)', () => {
    for (const values of [minimal, production]) {
      for (const name of ['gateway', 'identity', 'files', 'files-worker', 'drafts', 'drafts-worker']) {
        const env = envOf(podSpec(named(values, 'Deployment', `marketplace-${name}`)).containers[0]!);
        const app = name.replace(/-worker$/, '').toUpperCase();
        expect(env.S3_ACCESS_KEY, name).toBe(`secret:marketplace-secret/${app}_S3_ACCESS_KEY`);
        expect(env.S3_SECRET_KEY, name).toBe(`secret:marketplace-secret/${app}_S3_SECRET_KEY`);
      }
      for (const name of ['jobs', 'applications', 'notifications', 'notifications-worker', 'admin']) {
        expect(envOf(podSpec(named(values, 'Deployment', `marketplace-${name}`)).containers[0]!).S3_ACCESS_KEY, name).toBeUndefined();
      }
    }
  });
  it("sizes the drafts worker's /tmp for a joined walkthrough (2.4 GiB at most), the others at the default", () => {
    type Volumes = { volumes: { name: string; emptyDir?: { sizeLimit?: string } }[] };
    const tmp = (name: string) =>
      (podSpec(named(minimal, 'Deployment', `marketplace-${name}`)) as unknown as Volumes).volumes.find((v) => v.name === 'tmp')?.emptyDir?.sizeLimit;
    expect(tmp('drafts-worker')).toBe('3Gi');
    expect(tmp('drafts')).toBe('256Mi');
    expect(tmp('gateway')).toBe('256Mi');
  });
  it('gives the drafts worker memory for ffmpeg (up to 512 MiB) beside its own process, the others the default', () => {
    type Limits = { containers: { resources: { limits?: { memory?: string } } }[] };
    const memory = (name: string) =>
      (podSpec(named(minimal, 'Deployment', `marketplace-${name}`)) as unknown as Limits).containers[0]!.resources.limits?.memory;
    expect(memory('drafts-worker')).toBe('1Gi');
    expect(memory('drafts')).toBe('512Mi');
  });
  it('leaves replicas to the autoscaler that owns them', () => {
    expect(spec<{ replicas?: number }>(named(production, 'Deployment', 'marketplace-gateway')).replicas).toBeUndefined();
    expect(spec<{ replicas?: number }>(named(production, 'Deployment', 'marketplace-files-worker')).replicas).toBeUndefined();
    expect(spec<{ replicas?: number }>(named(production, 'Deployment', 'marketplace-identity')).replicas).toBe(2);
  });
  it('keeps CPU HPAs for the APIs and none for KEDA-scaled workers', () => {
    expect(
      ofKind(production, 'HorizontalPodAutoscaler')
        .map((h) => h.metadata.name)
        .sort(),
    ).toEqual(['marketplace-gateway', 'marketplace-jobs']);
  });
  it('puts a PodDisruptionBudget on every workload that may run more than one pod', () => {
    const pdbs = ofKind(production, 'PodDisruptionBudget')
      .map((p) => p.metadata.name)
      .sort();
    expect(pdbs).toEqual(
      ['applications', 'drafts', 'drafts-worker', 'files', 'files-worker', 'gateway', 'identity', 'jobs', 'notifications']
        .map((n) => `marketplace-${n}`)
        .sort(),
    );
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
      ['nats-jetstream', 'WORK_FILES', 'preview-v1'],
      ['nats-jetstream', 'WORK_FILES', 'cleanup-v1'],
      ['nats-jetstream', 'WORK_FILES', 'assemble-v1'],
    ]);
    expect(files.triggers[0]!.metadata).toMatchObject({
      natsServerMonitoringEndpoint: 'nats.messaging.svc.cluster.local:8222',
      account: '$G',
      lagThreshold: '20',
    });
  });
  it('scales any worker listed in values (the drafts worker down to zero)', () => {
    const drafts = spec<Scaled>(named(production, 'ScaledObject', 'marketplace-drafts-worker'));
    expect([drafts.minReplicaCount, drafts.maxReplicaCount]).toEqual([0, 6]);
    // One trigger per queue: research and writing tasks, recording checks, and job evals rewritten after edits.
    expect(drafts.triggers.map((t) => [t.metadata.stream, t.metadata.consumer])).toEqual([
      ['WORK_DRAFTS', 'task-v1'],
      ['WORK_DRAFTS', 'recording-v1'],
      ['WORK_DRAFTS', 'job-eval-v1'],
    ]);
    expect(scaled).toHaveLength(2);
  });
  it('reads lag from the bundled NATS when it is on, admitted to its monitoring port', () => {
    const objs = renderChart({ values: ['minimal-values.yaml'], set: { 'workers.files.keda.enabled': true } });
    const t = spec<Scaled>(named(objs, 'ScaledObject', 'marketplace-files-worker')).triggers[0]!;
    // The headless Service: the monitoring port is on no Service, and KEDA finds each server there.
    expect(t.metadata.natsServerMonitoringEndpoint).toBe('marketplace-nats-headless.marketplace.svc:8222');
    type Rule = { from: { namespaceSelector?: { matchLabels: Record<string, string> } }[]; ports: { port: number }[] };
    const rules = spec<{ ingress: Rule[] }>(named(objs, 'NetworkPolicy', 'marketplace-nats')).ingress;
    expect(rules.find((r) => r.ports[0]!.port === 8222)?.from[0]!.namespaceSelector!.matchLabels).toEqual({ 'kubernetes.io/metadata.name': 'keda' });
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'workers.files.keda.enabled': true, 'networkPolicy.natsMonitoringFrom': 'null' } })).toMatch(
      /networkPolicy\.natsMonitoringFrom is required for KEDA/,
    );
  });
  it('lists, for every service with work queues, the durable consumer of each of them', () => {
    const queues = (Object.values(contracts) as unknown[]).filter(
      (v): v is contracts.QueueDefinition =>
        typeof v === 'object' &&
        v !== null &&
        'subject' in v &&
        'version' in v &&
        String((v as { subject: unknown }).subject).startsWith(`${contracts.WORK_SUBJECT_PREFIX}.`),
    );
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
  it('runs one Job per database app, before the pods change, connected as the admin', () => {
    const jobs = ofKind(production, 'Job').filter((j) => j.metadata.name.endsWith('-migrate'));
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(DB_APPS.map((a) => `marketplace-${a}-migrate`).sort());
    for (const job of jobs) {
      expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '0' });
      const c = spec<JobSpec>(job).template.spec.containers[0]!;
      const env = envOf(c);
      expect(env.ROLE).toBe('migrate');
      // Settings inline (the ConfigMap may not exist yet); nothing of the bus.
      expect(env.LOG_LEVEL).toBe('info');
      expect(env.NATS_URL).toBeUndefined();
      // The admin owns the schemas; the database-roles Job gave the service's role its rights first.
      expect(env.DATABASE_URL).toBe('secret:marketplace-migrate/DATABASE_URL');
      expect(spec<JobSpec>(job).template.spec.restartPolicy).toBe('Never');
    }
  });
  it('gives the Jobs their database keys in a hook Secret that exists before them', () => {
    const secret = named(production, 'Secret', 'marketplace-migrate');
    expect(secret.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '-10' });
    expect(Object.keys(secret.stringData as object).sort()).toEqual(
      ['DATABASE_URL', ...DB_APPS.map((a) => `${a.toUpperCase()}_DATABASE_URL`), 'DATA_ENCRYPTION_KEY'].sort(),
    );
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
  it('gives the migration Jobs no object-store setting (a service given S3_BUCKET without S3_ENDPOINT refuses to start)', () => {
    for (const job of [...ofKind(minimal, 'Job'), ...ofKind(production, 'Job')].filter((j) => j.metadata.name.endsWith('-migrate'))) {
      expect(
        Object.keys(envOf(spec<JobSpec>(job).template.spec.containers[0]!)).filter((k) => k.startsWith('S3_')),
        job.metadata.name,
      ).toEqual([]);
    }
  });
  it('waits for the bundled PostgreSQL on a first install', () => {
    for (const job of ofKind(minimal, 'Job').filter((j) => j.metadata.name.endsWith('-migrate'))) {
      expect(job.metadata.annotations!['helm.sh/hook']).toBe('post-install,pre-upgrade');
    }
  });
  it('reads an existing Secret directly', () => {
    const jobs = envOf(spec<JobSpec>(named(existing, 'Job', 'marketplace-jobs-migrate')).template.spec.containers[0]!);
    expect(jobs.DATABASE_URL).toBe('secret:marketplace-prod/DATABASE_URL');
    const roles = envOf(spec<JobSpec>(named(existing, 'Job', 'marketplace-database-roles')).template.spec.containers[0]!);
    expect(roles).toMatchObject({
      ADMIN_DATABASE_URL: 'secret:marketplace-prod/DATABASE_URL',
      SERVICE_DATABASE_URL_JOBS: 'secret:marketplace-prod/JOBS_DATABASE_URL',
    });
    expect(ofKind(existing, 'Secret')).toHaveLength(0);
  });
  it('migrates on start instead when the Jobs are off, each service owning its schema', () => {
    const objs = renderChart({ values: ['minimal-values.yaml'], set: { 'migrations.enabled': false } });
    expect(ofKind(objs, 'Job').filter((j) => j.metadata.name.endsWith('-migrate'))).toHaveLength(0);
    expect(envOf(podSpec(named(objs, 'Deployment', 'marketplace-jobs')).containers[0]!).MIGRATE_ON_START).toBe('true');
    // The roles are still made, each the owner of its schema (it runs its own migrations).
    const sql = (named(objs, 'ConfigMap', 'marketplace-database-roles').data as Record<string, string>)['service-roles.sql']!;
    expect(sql).toContain(`SELECT pg_temp.marketplace_service_role(:'service_url', 'jobs', true, false);`);
  });
  it("connects as each service's own role when the operator makes the roles", () => {
    const objs = renderChart({ values: ['production-values.yaml'], set: { 'databaseRoles.enabled': false } });
    expect(ofKind(objs, 'Job').map((j) => j.metadata.name)).not.toContain('marketplace-database-roles');
    const jobs = envOf(spec<JobSpec>(named(objs, 'Job', 'marketplace-jobs-migrate')).template.spec.containers[0]!);
    expect(jobs.DATABASE_URL).toBe('secret:marketplace-migrate/JOBS_DATABASE_URL');
    expect(Object.keys(named(objs, 'Secret', 'marketplace-migrate').stringData as object)).not.toContain('DATABASE_URL');
  });
});

describe("per-service credentials (no service shares a login or gets the admin's or the root key)", () => {
  type Data = Record<string, string>;
  const userOf = (url: string) => decodeURIComponent(new URL(url).username);
  /** The value of each secret key a Deployment's container reads, from the Secret the chart made. */
  function secretEnv(objs: Manifest[], deployment: string): Data {
    const data = named(objs, 'Secret', 'marketplace-secret').stringData as Data;
    const env = podSpec(named(objs, 'Deployment', deployment)).containers[0]!.env ?? [];
    return Object.fromEntries(
      env.filter((e) => e.valueFrom?.secretKeyRef?.name === 'marketplace-secret').map((e) => [e.name, data[e.valueFrom!.secretKeyRef!.key]!]),
    );
  }
  const cases = [
    ['the bundled servers (default values)', minimal, 'marketplace', 'marketplace_', 'minio-s3cret'],
    ["the operator's servers (production values)", production, 'marketplace_owner', '', undefined],
  ] as const;
  it.each(cases)('logs each database app in as its own role with %s', (_what, objs, admin, prefix) => {
    const users = new Set<string>();
    for (const d of ofKind(objs, 'Deployment')) {
      const app = envOf(podSpec(d).containers[0]!).APP!;
      if (!DB_APPS.includes(app)) continue;
      const url = secretEnv(objs, d.metadata.name).DATABASE_URL!;
      expect(userOf(url), d.metadata.name).toBe(`${prefix}${app}`);
      expect(userOf(url)).not.toBe(admin);
      users.add(userOf(url));
    }
    expect(users.size).toBe(DB_APPS.length);
  });
  it.each(cases)("gives no Deployment the admin's login or the store's root key with %s", (_what, objs, admin, _prefix, rootPassword) => {
    const hook = named(objs, 'Secret', 'marketplace-migrate').stringData as Data;
    const adminPassword = decodeURIComponent(new URL(hook.DATABASE_URL!).password);
    const storeUsers = new Set<string>();
    for (const d of ofKind(objs, 'Deployment')) {
      const env = podSpec(d).containers[0]!.env ?? [];
      expect(
        env.map((e) => e.valueFrom?.secretKeyRef?.key),
        d.metadata.name,
      ).not.toContain('DATABASE_URL');
      const values = secretEnv(objs, d.metadata.name);
      for (const value of Object.values(values)) {
        expect(value, d.metadata.name).not.toContain(adminPassword);
        if (rootPassword) expect(value, d.metadata.name).not.toBe(rootPassword);
      }
      if (values.DATABASE_URL) expect(userOf(values.DATABASE_URL)).not.toBe(admin);
      if (values.S3_ACCESS_KEY) {
        expect(values.S3_ACCESS_KEY, d.metadata.name).not.toBe('marketplace');
        storeUsers.add(`${values.S3_ACCESS_KEY}/${d.metadata.name.replace(/-worker$/, '')}`);
      }
    }
    // One store user per service (a worker shares its service's).
    expect(new Set([...storeUsers].map((u) => u.split('/')[0])).size).toBe(storeUsers.size);
    expect(storeUsers.size).toBe(4);
  });
  it.each([
    [
      "the admin's key given to a service",
      { 'apps.jobs.database.secretKey': 'DATABASE_URL' },
      /apps\.jobs\.database\.secretKey is DATABASE_URL, the admin's login/,
    ],
    [
      'one key for two services',
      { 'apps.jobs.database.secretKey': 'FILES_DATABASE_URL' },
      /apps\.files and apps\.jobs share the database login in FILES_DATABASE_URL/,
    ],
    [
      'a URL naming the admin',
      { 'secret.data.JOBS_DATABASE_URL': 'postgres://marketplace:pg-s3cret%2Fx@marketplace-postgresql:5432/marketplace' },
      /secret\.data\.JOBS_DATABASE_URL logs apps\.jobs in as marketplace, the admin/,
    ],
    [
      'one role for two services',
      { 'secret.data.JOBS_DATABASE_URL': 'postgres://svc:a@db/m', 'secret.data.FILES_DATABASE_URL': 'postgres://svc:b@db/m' },
      /apps\.files and apps\.jobs both log in to the database as svc/,
    ],
    [
      "the store's root user",
      { 'secret.data.FILES_S3_ACCESS_KEY': 'marketplace', 'secret.data.FILES_S3_SECRET_KEY': 'minio-s3cret' },
      /secret\.data\.FILES_S3_ACCESS_KEY is the store's root user/,
    ],
    [
      'one store key for two services',
      { 'apps.drafts.storage.accessKeyKey': 'FILES_S3_ACCESS_KEY' },
      /apps\.drafts and apps\.files share the store key FILES_S3_ACCESS_KEY/,
    ],
  ])('refuses %s, naming what to set, unless allowSharedCredentials', (_what, set, message) => {
    const error = renderError({ values: ['minimal-values.yaml'], set });
    expect(error).toMatch(message);
    expect(error).toMatch(/allowSharedCredentials=true/);
    expect(renderChart({ values: ['minimal-values.yaml'], set: { ...set, allowSharedCredentials: true } }).length).toBeGreaterThan(10);
  });
  it('refuses a shared login with an existing Secret, whose values it cannot see, by its keys', () => {
    expect(renderError({ values: ['existing-secret-values.yaml'], set: { 'apps.identity.database.secretKey': 'JOBS_DATABASE_URL' } })).toMatch(
      /apps\.identity and apps\.jobs share the database login in JOBS_DATABASE_URL/,
    );
  });
  it('takes database and store credentials only from apps.<app>.database and .storage', () => {
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'apps.files.secretEnv.S3_ACCESS_KEY': 'S3_ACCESS_KEY' } })).toMatch(
      /apps\.files\.secretEnv\.S3_ACCESS_KEY: the chart sets S3_ACCESS_KEY from apps\.files\.storage/,
    );
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'workers.files.secretEnv.DATABASE_URL': 'DATABASE_URL' } })).toMatch(
      /workers\.files\.secretEnv\.DATABASE_URL: the chart sets DATABASE_URL from apps\.files\.database\.secretKey/,
    );
  });
  it("creates each role in a hook Job, as the admin, before the migrations, with the service's own URL", () => {
    type JobSpec = { template: { spec: PodSpec & { volumes: { configMap?: { name: string } }[] } } };
    for (const objs of [minimal, production]) {
      const job = named(objs, 'Job', 'marketplace-database-roles');
      expect(Number(job.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(0);
      expect(job.metadata.annotations!['helm.sh/hook']).toBe(named(objs, 'Job', 'marketplace-jobs-migrate').metadata.annotations!['helm.sh/hook']);
      const env = envOf(spec<JobSpec>(job).template.spec.containers[0]!);
      expect(env.ADMIN_DATABASE_URL).toBe('secret:marketplace-migrate/DATABASE_URL');
      for (const app of DB_APPS) expect(env[`SERVICE_DATABASE_URL_${app.toUpperCase()}`]).toBe(`secret:marketplace-migrate/${app.toUpperCase()}_DATABASE_URL`);
      const sql = (named(objs, 'ConfigMap', 'marketplace-database-roles').data as Data)['service-roles.sql']!;
      expect(sql).toContain(readFileSync(resolve(CHART, 'files/service-role.sql'), 'utf8').trim());
      for (const app of DB_APPS) {
        expect(sql).toContain(
          `\\getenv service_url SERVICE_DATABASE_URL_${app.toUpperCase()}\nSELECT pg_temp.marketplace_service_role(:'service_url', '${app}', false, false);`,
        );
      }
      // No URL in the file: they stay in the Secret.
      expect(sql.slice(sql.indexOf('-- One call per database app'))).not.toContain('postgres://');
    }
  });
  it("creates a MinIO user per service limited to its prefixes, and prints the policies for the operator's store", () => {
    type Policy = { Statement: { Sid: string; Action: string[]; Resource: string[]; Condition?: { StringLike: Record<string, string[]> } }[] };
    const policies = named(minimal, 'ConfigMap', 'marketplace-storage-policies').data as Data;
    expect(Object.keys(policies).sort()).toEqual(['drafts.json', 'files.json', 'gateway.json', 'identity.json']);
    const files = JSON.parse(policies['files.json']!) as Policy;
    expect(files.Statement.find((x) => x.Sid === 'ReadWrite')!.Resource).toEqual([
      'arn:aws:s3:::marketplace-files/files/*',
      'arn:aws:s3:::marketplace-files/staging/*',
    ]);
    expect(files.Statement.find((x) => x.Sid === 'List')!.Condition!.StringLike['s3:prefix']).toEqual(['files/*', 'staging/*']);
    // Its sweep of abandoned multipart uploads (upload-expiry.sweeper) lists them on the bucket.
    expect(files.Statement.find((x) => x.Sid === 'Uploads')).toMatchObject({
      Action: ['s3:ListBucketMultipartUploads'],
      Resource: ['arn:aws:s3:::marketplace-files'],
    });
    const gateway = JSON.parse(policies['gateway.json']!) as Policy;
    expect(gateway.Statement.find((x) => x.Sid === 'ReadWrite')!.Resource).toEqual(['arn:aws:s3:::marketplace-files/staging/*']);
    expect(gateway.Statement.find((x) => x.Sid === 'ReadOnly')!.Action).toEqual(['s3:GetObject']);
    expect(JSON.stringify(gateway)).not.toMatch(/s3:\*|:::marketplace-files\/\*"/);
    const job = named(minimal, 'Job', 'marketplace-storage-users');
    // Right after the bucket on install; on an upgrade before any pod starts with a new key.
    expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'post-install,pre-upgrade', 'helm.sh/hook-weight': '5' });
    const script = podSpec(job).containers[0] as unknown as { args: string[] };
    for (const app of ['gateway', 'identity', 'files', 'drafts']) {
      // The policy it attaches is the one in the ConfigMap.
      expect(script.args[0]).toContain(
        `cat > /tmp/policies/${app}.json <<'POLICY'\n${policies[`${app}.json`]}\nPOLICY\nmc admin policy create local marketplace-${app} /tmp/policies/${app}.json`,
      );
      const key = app.toUpperCase();
      expect(script.args[0]).toContain(`mc admin user add local "$${key}_ACCESS_KEY" "$${key}_SECRET_KEY"\nattach marketplace-${app} "$${key}_ACCESS_KEY"`);
    }
    // The keys from its own hook Secret, the same as the services get.
    const keys = named(minimal, 'Secret', 'marketplace-storage-users');
    expect(keys.metadata.annotations!['helm.sh/hook']).toBe('post-install,pre-upgrade');
    expect(keys.stringData).toEqual(
      Object.fromEntries(Object.entries(named(minimal, 'Secret', 'marketplace-secret').stringData as Data).filter(([k]) => k.includes('_S3_'))),
    );
    expect(envOf(podSpec(job).containers[0]!)).toMatchObject({
      ROOT_USER: 'secret:marketplace-minio/root-user',
      FILES_ACCESS_KEY: 'secret:marketplace-storage-users/FILES_S3_ACCESS_KEY',
    });
    // The operator's store: the policies, no Job.
    expect(ofKind(production, 'ConfigMap').map((c) => c.metadata.name)).toContain('marketplace-storage-policies');
    expect(ofKind(production, 'Job').map((j) => j.metadata.name)).not.toContain('marketplace-storage-users');
  });
});

describe('secret.yaml and configmap.yaml', () => {
  it("builds the admin's URL from the bundled server for the hook Jobs only, and a role and a store user per service", () => {
    const hook = named(minimal, 'Secret', 'marketplace-migrate').stringData as Record<string, string>;
    expect(hook.DATABASE_URL).toBe('postgres://marketplace:pg-s3cret%2Fx@marketplace-postgresql:5432/marketplace');
    const data = named(minimal, 'Secret', 'marketplace-secret').stringData as Record<string, string>;
    expect(data.DATABASE_URL).toBeUndefined();
    expect(data.JOBS_DATABASE_URL).toMatch(/^postgres:\/\/marketplace_jobs:[A-Za-z0-9]{32}@marketplace-postgresql:5432\/marketplace$/);
    // The hook Jobs create the roles with the very passwords the services get.
    for (const app of DB_APPS) expect(hook[`${app.toUpperCase()}_DATABASE_URL`], app).toBe(data[`${app.toUpperCase()}_DATABASE_URL`]);
    expect([data.FILES_S3_ACCESS_KEY, data.FILES_S3_SECRET_KEY?.length]).toEqual(['files', 40]);
    expect(data.S3_ACCESS_KEY).toBeUndefined();
    expect(Object.values(data)).not.toContain('minio-s3cret');
  });
  it("builds each service's URL from the admin's for the operator's server, keeping the URLs given", () => {
    const objs = renderChart({ values: ['production-values.yaml'], set: { 'secret.data.JOBS_DATABASE_URL': 'null' } });
    const data = named(objs, 'Secret', 'marketplace-secret').stringData as Record<string, string>;
    expect(data.JOBS_DATABASE_URL).toMatch(/^postgres:\/\/marketplace_jobs:[A-Za-z0-9]{32}@db\.example\.internal:5432\/marketplace\?sslmode=require$/);
    expect(data.FILES_DATABASE_URL).toBe('postgres://files:prod-files@db.example.internal:5432/marketplace');
    expect(data.DATABASE_URL).toBeUndefined();
  });
  it("generates the gateway's OAuth keys when the operator gives none", () => {
    const generated = renderChart({ values: ['minimal-values.yaml'], generateKeys: true });
    const data = named(generated, 'Secret', 'marketplace-secret').stringData as Record<string, string>;
    expect(data.OAUTH_SIGNING_KEYS).toMatch(/BEGIN RSA PRIVATE KEY/);
    expect(data.OAUTH_COOKIE_KEYS).toMatch(/^[A-Za-z0-9]{48}$/);
  });
  it("points the apps at the bundled servers, or at the operator's", () => {
    expect(named(minimal, 'ConfigMap', 'marketplace-config').data).toMatchObject({ NATS_URL: 'nats://marketplace-nats:4222', JETSTREAM_REPLICAS: '1' });
    expect(named(minimal, 'ConfigMap', 'marketplace-config-storage').data).toMatchObject({
      S3_ENDPOINT: 'http://marketplace-minio:9000',
      S3_BUCKET: 'marketplace-files',
    });
    expect(named(production, 'ConfigMap', 'marketplace-config').data).toMatchObject({
      NATS_URL: 'nats://nats.messaging.svc.cluster.local:4222',
      JETSTREAM_REPLICAS: '3',
    });
    expect(named(production, 'ConfigMap', 'marketplace-config-storage').data).toMatchObject({
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_REGION: 'eu-west-1',
    });
  });
  it("gives the store's settings only to the workloads with a store user (any S3_* setting makes a service read them all at start)", () => {
    for (const objs of [minimal, production]) {
      expect(Object.keys(named(objs, 'ConfigMap', 'marketplace-config').data as object).filter((k) => k.startsWith('S3_'))).toEqual([]);
      for (const d of ofKind(objs, 'Deployment')) {
        const container = podSpec(d).containers[0]! as Container & { envFrom?: Array<{ configMapRef?: { name: string } }> };
        const readsStore = (container.envFrom ?? []).some((f) => f.configMapRef?.name === 'marketplace-config-storage');
        expect(readsStore, d.metadata.name).toBe(Object.keys(envOf(container)).includes('S3_ACCESS_KEY'));
      }
    }
  });
  it('names a missing per-service key', () => {
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'databaseRoles.enabled': false } })).toMatch(
      /secret\.data\.[A-Z]+_DATABASE_URL is required by apps\.[a-z]+\.database\.secretKey/,
    );
    expect(renderError({ values: ['production-values.yaml'], set: { 'secret.data.FILES_S3_SECRET_KEY': 'null' } })).toMatch(
      /secret\.data\.FILES_S3_SECRET_KEY is required by apps\.files\.storage/,
    );
    expect(renderError({ values: ['production-values.yaml'], set: { 'secret.data.DATABASE_URL': 'null' } })).toMatch(
      /secret\.data\.DATABASE_URL is required: the admin's postgres:\/\/ URL/,
    );
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
  it("reaches the operator's own servers by CIDR or selector", () => {
    const p = spec<Policy>(named(production, 'NetworkPolicy', 'marketplace-pods'));
    expect(p.egress![2]).toEqual({ to: [{ ipBlock: { cidr: '10.20.0.0/16' } }], ports: [{ port: 5432, protocol: 'TCP' }] });
    expect(p.egress![3]!.ports[0]!.port).toBe(443);
  });
  it("admits only this release's pods to the bundled NATS, PostgreSQL and MinIO", () => {
    const release = { 'app.kubernetes.io/name': 'marketplace', 'app.kubernetes.io/instance': 'marketplace' };
    const ports = (p: Policy) => p.ingress!.map((r) => [r.ports.map((x) => x.port).join('+'), r.from!.map((f) => f.podSelector?.matchLabels)]);
    const nats = spec<Policy>(named(minimal, 'NetworkPolicy', 'marketplace-nats'));
    expect(nats.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'nats', 'app.kubernetes.io/instance': 'marketplace' });
    expect(nats.policyTypes).toEqual(['Ingress']);
    // Clients from the release's pods; routes from the other NATS servers only; the monitoring port from nobody (no KEDA).
    expect(ports(nats)).toEqual([
      ['4222', [release]],
      ['6222', [nats.podSelector.matchLabels]],
    ]);
    const pg = spec<Policy>(named(minimal, 'NetworkPolicy', 'marketplace-postgresql'));
    expect(pg.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'postgresql', 'app.kubernetes.io/instance': 'marketplace' });
    expect(ports(pg)).toEqual([['5432', [release]]]);
    const minio = spec<Policy>(named(minimal, 'NetworkPolicy', 'marketplace-minio'));
    expect(minio.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'minio', 'app.kubernetes.io/instance': 'marketplace' });
    expect(ports(minio)).toEqual([['9000', [release, minio.podSelector.matchLabels]]]);
    // Each bundled server's pods carry the labels selected; the setup Jobs are among the release's pods.
    for (const [set, labels] of [
      ['marketplace-nats', nats],
      ['marketplace-postgresql', pg],
      ['marketplace-minio', minio],
    ] as const) {
      expect(
        (named(minimal, 'StatefulSet', set).spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels,
      ).toMatchObject(labels.podSelector.matchLabels);
    }
    for (const job of ['marketplace-database-roles', 'marketplace-storage-users', 'marketplace-jobs-migrate']) {
      expect((named(minimal, 'Job', job).spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels).toMatchObject(
        release,
      );
    }
  });
  it('refuses to cut the apps off an external server it has no address for', () => {
    expect(renderError({ values: ['minimal-values.yaml'], set: { 'postgresql.enabled': false, 'secret.data.DATABASE_URL': 'postgres://u:p@db/m' } })).toMatch(
      /networkPolicy\.postgresql\.cidrs or networkPolicy\.postgresql\.peers is required/,
    );
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
  it("scrapes every workload's health port", () => {
    const sm = named(production, 'ServiceMonitor', 'marketplace');
    expect(spec<{ endpoints: { port: string; path: string }[] }>(sm).endpoints[0]).toMatchObject({ port: 'health', path: '/metrics' });
  });
});

describe('bundled dependencies (charts/)', () => {
  it('installs PostgreSQL, NATS with JetStream and MinIO on a bare cluster, each off on request', () => {
    expect(
      ofKind(minimal, 'StatefulSet')
        .map((s) => s.metadata.name)
        .sort(),
    ).toEqual(['marketplace-minio', 'marketplace-nats', 'marketplace-postgresql']);
    expect(ofKind(production, 'StatefulSet')).toHaveLength(0);
  });
  it('runs NATS with JetStream, the bus authorization and, with three servers, a cluster whose routes need a password', () => {
    const conf = (named(minimal, 'ConfigMap', 'marketplace-nats').data as Record<string, string>)['nats.conf']!;
    expect(conf).toMatch(/jetstream \{/);
    expect(conf).toMatch(/include "auth\/auth.conf"/);
    expect(conf).not.toMatch(/cluster/);
    expect(ofKind(minimal, 'Secret').map((x) => x.metadata.name)).not.toContain('marketplace-nats-cluster');
    const three = renderChart({ values: ['minimal-values.yaml'], set: { 'nats.replicas': 3, 'streams.replicas': 3 } });
    const clustered = (named(three, 'ConfigMap', 'marketplace-nats').data as Record<string, string>)['nats.conf']!;
    expect(clustered).toContain('include "cluster/cluster.conf"');
    // The route password lives in a Secret, never in the ConfigMap.
    const secret = named(three, 'Secret', 'marketplace-nats-cluster').stringData as Record<string, string>;
    const password = secret['route-password']!;
    expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(clustered).not.toContain(password);
    const cluster = secret['cluster.conf']!;
    expect(cluster).toMatch(new RegExp(`authorization \\{\\s*user: route\\s*password: "${password}"`));
    expect(cluster.match(new RegExp(`nats://route:${password}@marketplace-nats-\\d\\.marketplace-nats-headless:6222`, 'g'))).toHaveLength(3);
    expect(cluster).not.toMatch(/nats:\/\/marketplace-nats-\d/);
    const set = named(three, 'StatefulSet', 'marketplace-nats');
    expect(spec<{ replicas: number }>(set).replicas).toBe(3);
    type Pod = {
      template: {
        spec: { volumes: { name: string; secret?: { secretName: string } }[]; containers: { volumeMounts: { name: string; mountPath: string }[] }[] };
      };
    };
    expect(spec<Pod>(set).template.spec.volumes.find((v) => v.name === 'cluster')?.secret?.secretName).toBe('marketplace-nats-cluster');
    expect(spec<Pod>(set).template.spec.containers[0]!.volumeMounts).toContainEqual({ name: 'cluster', mountPath: '/etc/nats/cluster', readOnly: true });
    const given = renderChart({ values: ['minimal-values.yaml'], set: { 'nats.replicas': 3, 'nats.cluster.routePassword': 'r'.repeat(20) } });
    expect((named(given, 'Secret', 'marketplace-nats-cluster').stringData as Record<string, string>)['cluster.conf']).toContain(
      `nats://route:${'r'.repeat(20)}@`,
    );
  });
  it('keeps the NATS monitoring port (no authentication) off its Service', () => {
    for (const objs of [minimal, renderChart({ values: ['minimal-values.yaml'], set: { 'nats.replicas': 3 } })]) {
      for (const svc of ofKind(objs, 'Service').filter((x) => x.metadata.name.startsWith('marketplace-nats'))) {
        expect(
          spec<{ ports: { port: number }[] }>(svc).ports.map((p) => p.port),
          svc.metadata.name,
        ).not.toContain(8222);
      }
    }
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
