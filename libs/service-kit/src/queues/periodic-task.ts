import type { Provider, Type } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { DataSource, QueryRunner } from 'typeorm';

import { serviceMetric } from '../health/service-metrics.js';
import type { Logger } from '../logging/logger.js';
import { advisoryUnlock, claimPeriodicTask, recordPeriodicFailure, recordPeriodicRun, tryAdvisoryLock } from './queues.queries.js';

/**
 * Work a service does now and then rather than per request: sweeps of abandoned rows, garbage in
 * storage. Declared with a name (unique in the service) and an interval; `run` should do one
 * bounded pass and may return counts worth logging. A pass that throws is recorded and retried
 * at the next tick, so a pass must be safe to repeat.
 */
export interface PeriodicTask {
  readonly name: string;
  readonly intervalMs: number;
  run(signal: AbortSignal): Promise<Record<string, number> | void>;
}

export const PERIODIC_TASKS = Symbol('PERIODIC_TASKS');

/** Registers a service's periodic tasks; the api role runs them. */
export function periodicTasksProvider(...tasks: Type<PeriodicTask>[]): Provider {
  return { provide: PERIODIC_TASKS, useFactory: (...instances: PeriodicTask[]) => instances, inject: tasks };
}

/** What one tick did: ran the pass, or skipped it because another replica has this interval. */
export type TickOutcome = 'ran' | 'failed' | 'skipped';

export interface PeriodicRunnerOptions {
  /** The first tick of each task waits up to this long, so a fleet restarting together does not sweep at boot. */
  firstDelayMs?: number;
}

/**
 * A timer that cannot fire early counts; one that fires a little early must not make the next
 * replica run the pass twice in one interval, nor skip a whole interval: a tenth of slack.
 */
const CLAIM_SLACK = 0.9;

/**
 * Runs periodic tasks in every replica of a service and makes each tick run in one of them:
 * a replica first takes a session advisory lock per task and schema (with try, so a pass still
 * running elsewhere is never overlapped), then claims the interval in `periodic_tasks` (a pass
 * started elsewhere less than an interval ago means this tick is skipped). Runs, failures and
 * durations are metrics; the last failure stays in the row and in the log.
 */
export class PeriodicRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly stopSignal = new AbortController();
  private readonly firstDelayMs: number;

  constructor(
    private readonly ds: DataSource,
    private readonly logger: Logger,
    opts: PeriodicRunnerOptions = {},
  ) {
    this.firstDelayMs = opts.firstDelayMs ?? 30_000;
  }

  start(tasks: readonly PeriodicTask[]): this {
    const names = new Set<string>();
    for (const task of tasks) {
      if (names.has(task.name)) throw new Error(`Two periodic tasks are named ${task.name}`);
      if (!(task.intervalMs > 0)) throw new Error(`Periodic task ${task.name} needs an interval above 0 ms`);
      names.add(task.name);
      this.schedule(task, Math.min(task.intervalMs, Math.random() * this.firstDelayMs));
    }
    if (tasks.length) this.logger.info({ tasks: tasks.map((t) => ({ task: t.name, intervalMs: t.intervalMs })) }, 'periodic tasks scheduled');
    return this;
  }

  /** Stops the timers and aborts passes in flight, waiting for them to return. */
  async stop(): Promise<void> {
    this.stopSignal.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  /** One tick of `task` in this replica: what the timer does, callable by tests and operators. */
  async tick(task: PeriodicTask): Promise<TickOutcome> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      // Session locks: taken and released on this runner's one connection.
      const lock = `periodic:${task.name}`;
      if (!(await tryAdvisoryLock(runner.manager, lock))) return 'skipped';
      try {
        if (!(await claim(runner, task))) return 'skipped';
        return await this.runClaimed(runner, task);
      } finally {
        await advisoryUnlock(runner.manager, lock);
      }
    } finally {
      await runner.release();
    }
  }

  private async runClaimed(runner: QueryRunner, task: PeriodicTask): Promise<TickOutcome> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const counts = await task.run(this.stopSignal.signal);
      periodicDuration().observe({ task: task.name }, seconds());
      periodicRuns().inc({ task: task.name, outcome: 'ok' });
      periodicLastSuccess().set({ task: task.name }, Date.now() / 1000);
      await recordPeriodicRun(runner.manager, task.name);
      if (counts && Object.values(counts).some((n) => n > 0)) this.logger.info({ task: task.name, ...counts }, 'periodic task did work');
      return 'ran';
    } catch (err) {
      periodicDuration().observe({ task: task.name }, seconds());
      periodicRuns().inc({ task: task.name, outcome: 'failed' });
      const error = err instanceof Error ? err.message : String(err);
      this.logger.error({ err, task: task.name }, 'periodic task failed; recorded in periodic_tasks, retried next tick');
      await recordPeriodicFailure(runner.manager, task.name, error.slice(0, 2000)).catch((dbErr: unknown) =>
        this.logger.warn({ err: dbErr, task: task.name }, 'could not record the failure of a periodic task'),
      );
      return 'failed';
    }
  }

  private schedule(task: PeriodicTask, delayMs: number): void {
    if (this.stopSignal.signal.aborted) return;
    const timer = setTimeout(() => {
      const pass = this.tick(task)
        .catch((err: unknown) => this.logger.warn({ err, task: task.name }, 'could not start a periodic task (database?); next tick retries'))
        .finally(() => {
          this.running.delete(pass);
          this.schedule(task, task.intervalMs);
        });
      this.running.add(pass);
    }, delayMs);
    timer.unref();
    this.timers.set(task.name, timer);
  }
}

/** Takes this interval for the task, or answers false when a pass started elsewhere within it. */
async function claim(runner: QueryRunner, task: PeriodicTask): Promise<boolean> {
  return claimPeriodicTask(runner.manager, task.name, (task.intervalMs * CLAIM_SLACK) / 1000);
}

function periodicRuns(): Counter<'task' | 'outcome'> {
  return serviceMetric(
    'periodic_task_runs_total',
    (registers) =>
      new Counter({
        registers,
        name: 'periodic_task_runs_total',
        help: 'Passes of periodic tasks this replica ran, by task and outcome (ok or failed); skipped ticks are not counted',
        labelNames: ['task', 'outcome'],
      }),
  );
}

function periodicDuration(): Histogram<'task'> {
  return serviceMetric(
    'periodic_task_duration_seconds',
    (registers) =>
      new Histogram({
        registers,
        name: 'periodic_task_duration_seconds',
        help: 'Time one pass of a periodic task took, by task',
        labelNames: ['task'],
        buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      }),
  );
}

function periodicLastSuccess(): Gauge<'task'> {
  return serviceMetric(
    'periodic_task_last_success_seconds',
    (registers) =>
      new Gauge({
        registers,
        name: 'periodic_task_last_success_seconds',
        help: 'Unix time of the last pass of a task that succeeded in this replica; alert when every replica is old',
        labelNames: ['task'],
      }),
  );
}
