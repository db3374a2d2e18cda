import pg from 'pg';

import { round } from './load.js';

/**
 * What PostgreSQL's sessions were waiting on during a run, sampled from pg_stat_activity every
 * 50 ms: the mean number of active client sessions, and of those waiting, by wait event (a lock on
 * a row or an advisory key, a commit's WAL flush, the client sending its next statement). A mean
 * of 0.5 waiting on `Lock:advisory` means, on average, half a session stood in an advisory lock's
 * queue all run long, holding its pool connection.
 */
export interface PgWaits {
  samples: number;
  meanActive: number;
  /** Mean sessions waiting, by `type:event` (and for a lock, the service: `Lock:advisory in jobs`), largest first; under 0.01 left out. */
  meanWaiting: Record<string, number>;
  /** Mean sessions waiting on a heavyweight lock (rows, transactions, advisory keys). */
  meanLockWaits: number;
  /** Share of samples in which some session waited on a lock or on I/O (a commit's WAL flush): rare waits a mean hides. */
  samplesWithLockOrIo: number;
}

const SAMPLE_MS = 50;
// Each service's pool names itself `marketplace-<schema>`: a wait says which service stood in it.
const QUERY = `SELECT coalesce(wait_event_type || ':' || wait_event, 'running')
    || CASE WHEN wait_event_type = 'Lock' THEN ' in ' || replace(application_name, 'marketplace-', '') ELSE '' END AS wait,
    count(*)::int AS n
  FROM pg_stat_activity
  WHERE backend_type = 'client backend' AND state = 'active' AND pid <> pg_backend_pid()
  GROUP BY 1`;

export class PgWaitSampler {
  private readonly totals = new Map<string, number>();
  private samples = 0;
  private active = 0;
  private withLockOrIo = 0;
  private stopped = false;
  private readonly loop: Promise<void>;

  private constructor(private readonly client: pg.Client) {
    this.loop = this.run();
  }

  static async start(databaseUrl: string): Promise<PgWaitSampler> {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-waits' });
    await client.connect();
    return new PgWaitSampler(client);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const began = performance.now();
      const { rows } = await this.client.query<{ wait: string; n: number }>(QUERY);
      this.samples += 1;
      if (rows.some(({ wait }) => wait.startsWith('Lock:') || wait.startsWith('IO:') || wait.startsWith('LWLock:WAL'))) this.withLockOrIo += 1;
      for (const { wait, n } of rows) {
        this.active += n;
        if (wait !== 'running') this.totals.set(wait, (this.totals.get(wait) ?? 0) + n);
      }
      const rest = SAMPLE_MS - (performance.now() - began);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  }

  async stop(): Promise<PgWaits> {
    this.stopped = true;
    await this.loop.catch(() => undefined);
    await this.client.end().catch(() => undefined);
    const n = Math.max(this.samples, 1);
    const meanWaiting = Object.fromEntries(
      [...this.totals]
        .map(([wait, total]) => [wait, round(total / n, 2)] as const)
        .filter(([, mean]) => mean >= 0.01)
        .sort(([, a], [, b]) => b - a),
    );
    const meanLockWaits = round([...this.totals].filter(([wait]) => wait.startsWith('Lock:')).reduce((s, [, t]) => s + t, 0) / n, 2);
    return { samples: this.samples, meanActive: round(this.active / n, 2), meanWaiting, meanLockWaits, samplesWithLockOrIo: round(this.withLockOrIo / n, 3) };
  }
}

export function waitsLine(w: PgWaits): string {
  const waits = Object.entries(w.meanWaiting)
    .slice(0, 5)
    .map(([wait, mean]) => `${wait} ${mean}`)
    .join(', ');
  return (
    `PostgreSQL: ${w.meanActive} sessions active on average, ${w.meanLockWaits} waiting on locks${waits ? ` (waiting: ${waits})` : ''}; ` +
    `a lock or I/O wait in ${round(w.samplesWithLockOrIo * 100, 1)}% of ${w.samples} samples`
  );
}
