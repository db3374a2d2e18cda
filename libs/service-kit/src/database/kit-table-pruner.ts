import type { DataSource, QueryRunner } from 'typeorm';
import type { Logger } from '../logging/logger.js';

/**
 * What may go from the kit's own tables. Outbox rows are only useful until published (a day
 * leaves room to look into a delivery); a processed-event row must outlive every redelivery of
 * its event, and the events stream keeps messages 7 days (events/event-stream.ts); an attempt is
 * useless once no window of its bucket can see it.
 */
const RULES: readonly { table: string; where: string }[] = [
  { table: 'limit_attempts', where: `expires_at < now()` },
  { table: 'idempotent_requests', where: `expires_at < now()` },
  { table: 'outbox_events', where: `published_at < now() - interval '1 day'` },
  { table: 'processed_events', where: `processed_at < now() - interval '8 days'` },
];

export interface PrunerOptions {
  intervalMs?: number;
  /** Rows per DELETE: short statements never hold many row locks or stall the relay. */
  batchSize?: number;
  /** Per table per pass; what is left waits for the next pass. */
  maxBatches?: number;
}

/**
 * Deletes expired rows of the kit's tables in the service's schema, now and then. One replica
 * prunes at a time (a session advisory lock taken with try, so the others just skip a pass).
 */
export class KitTablePruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxBatches: number;

  constructor(private readonly ds: DataSource, private readonly logger: Logger, opts: PrunerOptions = {}) {
    this.intervalMs = opts.intervalMs ?? 10 * 60_000;
    this.batchSize = opts.batchSize ?? 1000;
    this.maxBatches = opts.maxBatches ?? 100;
  }

  /** The first pass waits a while, so a fleet restarting together does not prune at boot. */
  start(): this {
    this.schedule(Math.min(this.intervalMs, 60_000 + Math.random() * 60_000));
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass; null when another replica is pruning this schema. Rows deleted per table otherwise. */
  async pruneOnce(): Promise<Record<string, number> | null> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      const lock = ['kit-prune', await currentSchema(runner)];
      const [got] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS ok', lock)) as { ok: boolean }[];
      if (!got?.ok) return null;
      try {
        const deleted: Record<string, number> = {};
        for (const rule of RULES) deleted[rule.table] = await this.pruneTable(runner, rule.table, rule.where);
        return deleted;
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', lock);
      }
    } finally {
      await runner.release();
    }
  }

  private async pruneTable(runner: QueryRunner, table: string, where: string): Promise<number> {
    let total = 0;
    for (let i = 0; i < this.maxBatches && !this.stopped; i++) {
      const result = (await runner.query(
        `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT $1))`, [this.batchSize], true,
      )) as { affected?: number | null };
      const n = result.affected ?? 0;
      total += n;
      if (n < this.batchSize) break;
    }
    return total;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pruneOnce()
        .then((deleted) => {
          if (deleted && Object.values(deleted).some((n) => n > 0)) this.logger.debug({ deleted }, 'pruned kit tables');
        })
        .catch((err: unknown) => this.logger.warn({ err }, 'pruning kit tables failed; will retry'))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}

/** The pool pins search_path to the service's schema; the lock is per schema so services never contend. */
async function currentSchema(runner: QueryRunner): Promise<string> {
  const [row] = (await runner.query('SELECT current_schema() AS s')) as { s: string | null }[];
  return row?.s ?? 'public';
}
