import type { DataSource, QueryRunner } from 'typeorm';

import type { PeriodicTask } from '../queues/periodic-task.js';

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
 * Deletes expired rows of the kit's tables in the service's schema: a periodic task of the kit
 * (queues/periodic-task.ts) that run-service gives every service with a database, so one replica
 * prunes per tick, with the periodic tasks' metrics and last failure, and a stop aborts a pass
 * between batches.
 */
export class KitTablePruner implements PeriodicTask {
  readonly name = 'kit-tables-prune';
  readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxBatches: number;

  constructor(
    private readonly ds: DataSource,
    opts: PrunerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 10 * 60_000;
    this.batchSize = opts.batchSize ?? 1000;
    this.maxBatches = opts.maxBatches ?? 100;
  }

  /** One pass over the service's schema (the pool pins search_path to it); rows deleted per table. */
  async run(signal: AbortSignal = new AbortController().signal): Promise<Record<string, number>> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      const deleted: Record<string, number> = {};
      for (const rule of RULES) deleted[rule.table] = await this.pruneTable(runner, rule.table, rule.where, signal);
      return deleted;
    } finally {
      await runner.release();
    }
  }

  private async pruneTable(runner: QueryRunner, table: string, where: string, signal: AbortSignal): Promise<number> {
    let total = 0;
    for (let i = 0; i < this.maxBatches && !signal.aborted; i++) {
      const result = (await runner.query(
        `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT $1))`,
        [this.batchSize],
        true,
      )) as { affected?: number | null };
      const n = result.affected ?? 0;
      total += n;
      if (n < this.batchSize) break;
    }
    return total;
  }
}
