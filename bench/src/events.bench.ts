import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { type Infrastructure, startInfrastructure, startServices, type System } from '@marketplace/local-stack';
import { api, BUS_CREDENTIALS_ENV, createMembers, type TestMember } from '@marketplace/testing';
import pg from 'pg';

import { CpuPhase, describeSplit, perRequestLine } from './cpu-split.js';
import { hostBaselineMs, loadLine, READ_BACK_BUDGET, readBackReport, WEBHOOK_BUDGETS, webhookReport } from './events-budgets.js';
import { BENCH_LAYOUT } from './layout.js';
import { latencySummary, round } from './load.js';
import { cpuSnapshot, cpuUsage, waitForQuietMachine } from './machine.js';
import { OperationCounters } from './operation-counters.js';
import { measureReadBack } from './read-back-cost.js';
import { writeResults } from './results-file.js';
import { measureWebhookRate, registerMessageHooks } from './webhook-rate.js';
import { type Receiver, startReceiver } from './webhook-receiver.js';

// `npm run bench:events`: event committed -> alert deliverable, under a steady load of job posts
// and applications through the gateway. An alert is deliverable once its row is committed in the
// notifications schema (get_notifications and every MCP result read it from there). Its
// created_at is the event's occurredAt, stamped by the producing service just before its commit,
// so "seen by a poller - created_at" is the latency, plus at most one poll interval. Each poster
// also has a webhook on a receiver here: "received - the body's timestamp (occurredAt)" is the
// push path's latency, through the notifications worker's delivery queue. A measurement: the
// budgets are reported (and set the exit code), never enforced by a test.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'events.json');
// The services to measure: this checkout's by default; another checkout's built services
// (BENCH_SERVICES_ROOT) are measured by the same bench, so a before/after runs one harness.
const servicesRoot = resolve(process.env.BENCH_SERVICES_ROOT ?? rootDir);
// Which phases run (comma-separated, all by default): readback, alerts, webhooks.
// BENCH_EVENTS_COUNTS=1: PostgreSQL and NATS started observed, and each webhook phase prints its
// statements and bus messages per delivery (counts, which the host's load does not move).
const COUNTS = process.env.BENCH_EVENTS_COUNTS === '1';
const PHASES = new Set((process.env.BENCH_EVENTS_PHASES ?? 'readback,alerts,webhooks').split(',').map((p) => p.trim()));
const RATE_PER_S = Number(process.env.BENCH_EVENTS_RATE ?? 20);
const DURATION_S = Number(process.env.BENCH_EVENTS_SECONDS ?? 30);
const WARMUP_S = 3;
const POSTERS = 10;
const APPLICANTS = 20;
const POLL_MS = 5;
const BUDGET_P99_MS = 250;
const READ_BACK_ROUNDS = Number(process.env.BENCH_READBACK_ROUNDS ?? 2);
const MANY_MEMBERS = 40;
const WEBHOOK_PACED_S = 10;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Reads new alerts of the bench's members every POLL_MS and records when each was first seen. */
function startPoller(db: pg.Client, members: string[]) {
  const seen = new Map<string, { kind: string; latencyMs: number; measured: boolean }>();
  let measuring = false;
  let since = new Date(0).toISOString();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query<{ id: string; kind: string; created_at: Date }>(
        `SELECT id, kind, created_at FROM notifications.alerts WHERE member_id = ANY($1::uuid[]) AND created_at >= $2::timestamptz`,
        [members, since],
      );
      const now = Date.now();
      for (const r of rows) {
        if (seen.has(r.id)) continue;
        seen.set(r.id, { kind: r.kind, latencyMs: now - r.created_at.getTime(), measured: measuring });
      }
      // Alerts arrive within a second of their event; older rows need not be read again.
      since = new Date(now - 5000).toISOString();
      await sleep(POLL_MS);
    }
  })();
  return {
    seen,
    measure(on: boolean) {
      measuring = on;
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  let db: pg.Client | undefined;
  let receiver: Receiver | undefined;
  try {
    infra = await startInfrastructure({
      dataDir: await mkdtemp(join(tmpdir(), 'marketplace-bench-events-')),
      ephemeral: true,
      log: () => undefined,
      observed: COUNTS,
    });
    const host = () => `${loadLine()}; host yardstick (SHA-256 of 32 MiB) ${hostBaselineMs()} ms`;
    // Before the services start: the read-back's rounds run alone on the machine's share this run has.
    await waitForQuietMachine(0.15, 20_000);
    const readBack = [];
    for (const topology of PHASES.has('readback') ? (['one server', 'three servers'] as const) : []) {
      say(host());
      const report = readBackReport(await measureReadBack(infra.databaseUrl, topology, READ_BACK_ROUNDS, say));
      readBack.push(report);
      for (const line of report.lines) say(line);
    }
    system = await startServices({
      infra,
      rootDir: servicesRoot,
      layout: BENCH_LAYOUT,
      env: {
        LOG_LEVEL: 'warn',
        API_KEY_RATE_LIMIT: '100000000',
        JOB_POSTS_PER_MINUTE: '100000',
        JOB_POSTS_PER_DAY: '100000',
        APPLICATIONS_PER_MINUTE: '100000',
        APPLICATIONS_PER_DAY: '100000',
      },
    });
    const base = system.baseUrl;
    process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(infra.bus.credentials);
    const posters = await createMembers(infra.natsUrl, POSTERS);
    const applicants = await createMembers(infra.natsUrl, APPLICANTS);
    db = new pg.Client({ connectionString: infra.databaseUrl });
    await db.connect();

    receiver = await startReceiver();
    for (const poster of posters) {
      const hook = await api(base, '/api/me/webhooks', { key: poster.key, body: { url: receiver.url, events: ['application.submitted'] } });
      if (hook.status !== 201) throw new Error(`registering a webhook answered ${hook.status}: ${JSON.stringify(hook.body)}`);
    }
    const poller = startPoller(
      db,
      posters.map((p) => p.id),
    );
    const openJobs: Array<{ id: string; applied: Set<string> }> = [];
    const failures: string[] = [];
    let sent = 0;
    let posts = 0;
    let applications = 0;

    const post = async (poster: TestMember) => {
      const res = await api(base, '/api/me/jobs', {
        key: poster.key,
        body: { title: `Benchmark job ${++posts}`, category: 'data', constraints: '## Scope\nMeasure the alert.' },
      });
      if (res.status !== 201) return void failures.push(`post ${res.status}`);
      openJobs.push({ id: res.body.id as string, applied: new Set() });
    };
    const apply = async (applicant: TestMember) => {
      const job = [...openJobs].reverse().find((j) => !j.applied.has(applicant.id));
      if (!job) return post(posters[sent % POSTERS]!);
      job.applied.add(applicant.id);
      const res = await api(base, `/api/jobs/${job.id}/applications`, {
        key: applicant.key,
        body: { pitch: 'Benchmark pitch.', acceptResponsibility: true, model: 'bench-model' },
      });
      if (res.status !== 201) return void failures.push(`apply ${res.status}`);
      applications++;
    };

    /** A steady schedule: one operation every 1/RATE s, posts and applications alternating, whatever the answers' speed. */
    const steady = async (seconds: number) => {
      const interval = 1000 / RATE_PER_S;
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let i = 0; i < seconds * RATE_PER_S; i++) {
        const due = start + i * interval;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const n = sent++;
        inFlight.push(n % 2 === 0 ? post(posters[n % POSTERS]!) : apply(applicants[n % APPLICANTS]!));
      }
      await Promise.all(inFlight);
    };

    // Without the alert phase its steady load is zero seconds long, and its lines say so by their counts.
    const alertSeconds = PHASES.has('alerts') ? DURATION_S : 0;
    await waitForQuietMachine(0.15, 20_000);
    say(`Warming up (${alertSeconds ? WARMUP_S : 0} s)…`);
    await steady(alertSeconds ? WARMUP_S : 0);
    await sleep(1000);
    poller.measure(true);
    receiver.measure(true);
    const measuredFrom = poller.seen.size;
    say(`Steady load: ${RATE_PER_S} operations/s (posts and applications alternating) for ${alertSeconds} s…`);
    const cpuBefore = await cpuSnapshot();
    await steady(alertSeconds);
    const cpu = cpuUsage(cpuBefore, await cpuSnapshot());
    await sleep(2000);
    poller.measure(false);
    receiver.measure(false);
    await poller.stop();

    const measured = [...poller.seen.values()].filter((s) => s.measured);
    const latencies = measured.map((s) => s.latencyMs);
    const byKind = (kind: string) => measured.filter((s) => s.kind === kind).map((s) => s.latencyMs);
    const summary = latencySummary;
    const all = summary(latencies);
    const pushed = summary(receiver.arrivals.filter((l) => l.measured).map((l) => l.latencyMs));
    const expectedWebhooks = byKind('application.submitted').length;
    const met = all.p99 < BUDGET_P99_MS && pushed.p99 < BUDGET_P99_MS && pushed.count >= expectedWebhooks;
    say('');
    say(`event committed -> alert deliverable (${all.count} alerts, ${poller.seen.size - measuredFrom} during the run):`);
    say(`  all:                   p50 ${all.p50} ms, p90 ${all.p90} ms, p99 ${all.p99} ms, max ${all.max} ms`);
    for (const kind of ['job.posted', 'application.submitted']) {
      const s = summary(byKind(kind));
      say(`  ${kind.padEnd(22)} p50 ${s.p50} ms, p99 ${s.p99} ms (${s.count})`);
    }
    say(`event committed -> webhook received (${pushed.count} deliveries of ${expectedWebhooks} application alerts):`);
    say(`  application.submitted  p50 ${pushed.p50} ms, p90 ${pushed.p90} ms, p99 ${pushed.p99} ms, max ${pushed.max} ms`);
    // On a shared machine the tail follows the CPU other processes take; say how much that was.
    say(`CPU during the run: this benchmark ${cpu ? Math.round(cpu.ours * 100) : 'n/a'}%, other processes ${cpu ? Math.round(cpu.others * 100) : 'n/a'}%`);
    say(`p99 budget < ${BUDGET_P99_MS} ms (alerts and webhooks): ${met ? 'met' : 'NOT met'}; failed requests: ${failures.length}`);

    // The delivery rate, with members of its own: one endpoint, then many members' one each.
    say('');
    const webhooks = [];
    const webhookPhases = [
      ['one endpoint', 1, WEBHOOK_BUDGETS.one],
      ['many members', MANY_MEMBERS, WEBHOOK_BUDGETS.many],
    ] as const;
    for (const [label, count, budget] of PHASES.has('webhooks') ? webhookPhases : []) {
      const recipients = await createMembers(infra.natsUrl, count);
      await registerMessageHooks(base, recipients, receiver.url);
      say(host());
      const counters = COUNTS && infra.natsMonitorUrl ? await OperationCounters.open(infra.databaseUrl, infra.natsMonitorUrl) : undefined;
      await counters?.start();
      const phase = await CpuPhase.start();
      const rate = await measureWebhookRate({
        natsUrl: infra.natsUrl,
        receiver,
        recipients,
        label,
        pacedPerS: budget.pacedPerS,
        pacedSeconds: WEBHOOK_PACED_S,
        floodEvents: budget.floodEvents,
      });
      const split = await phase.stop();
      const counted = await counters?.stop();
      await counters?.close();
      const report = webhookReport(rate, budget);
      webhooks.push({ ...rate, budget, met: report.met, cpu: split.usage, cpuSeconds: split.seconds });
      for (const line of report.lines) say(line);
      say(`  CPU per delivery (paced and flood): ${perRequestLine(split, rate.paced.delivered + rate.flood.delivered)}`);
      say(`  CPU: ${describeSplit(split)}`);
      if (counted) {
        const per = (n: number) => (n / Math.max(1, rate.paced.delivered + rate.flood.delivered)).toFixed(2);
        say(`  per delivery: ${per(counted.statements)} statements, ${per(counted.busIn)} NATS messages in, ${per(counted.busOut)} out`);
        for (const st of [...counted.byStatement].sort((a, b) => b.calls - a.calls).slice(0, 12)) {
          say(`    ${per(st.calls)} × ${st.query.slice(0, 110)}`);
        }
      }
    }
    say(host());
    const allMet = met && readBack.every((r) => r.met) && webhooks.every((w) => w.met);

    await writeResults(resultsFile, 'events', {
      settings: { ratePerS: RATE_PER_S, durationS: DURATION_S, posters: POSTERS, applicants: APPLICANTS, pollMs: POLL_MS },
      operations: { posts, applications, failed: failures.length },
      cpu: cpu ? { machineBusy: round(cpu.machineBusy, 3), ours: round(cpu.ours, 3), others: round(cpu.others, 3) } : null,
      latencyMs: { all, jobPosted: summary(byKind('job.posted')), applicationSubmitted: summary(byKind('application.submitted')), webhook: pushed },
      budget: { p99BelowMs: BUDGET_P99_MS, met },
      readBack: readBack.map((r) => r.cost),
      readBackBudget: READ_BACK_BUDGET,
      webhooks,
    });
    say(`Results: ${resultsFile}`);
    return allMet && failures.length === 0 ? 0 : 1;
  } finally {
    await db?.end().catch(() => undefined);
    await receiver?.stop().catch(() => undefined);
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return 1;
});
