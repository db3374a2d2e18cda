import pg from 'pg';

/**
 * What PostgreSQL and the bus did in one phase: every top-level statement from pg_stat_statements
 * (the embedded PostgreSQL started `observed` loads it; BEGIN and COMMIT count, as round trips do),
 * and NATS's message counters from its monitoring endpoint (/varz). This module's own statements
 * are left out.
 */
export interface PhaseCounters {
  statements: number;
  /** PostgreSQL's execution time of those statements, ms. */
  execMs: number;
  /** Its time planning them, ms: a statement not prepared is planned on every call. */
  planMs: number;
  /** Each distinct statement, largest total time (planning and execution) first; `plans` below `calls` when a prepared plan was reused. */
  byStatement: Array<{ query: string; calls: number; ms: number; planMs: number; plans: number }>;
  /** Messages NATS received from clients and delivered to them. */
  busIn: number;
  busOut: number;
  /** Connections PostgreSQL accepted (pg_stat_database.sessions): each a new backend process with cold caches. */
  sessions: number;
}

interface Varz {
  in_msgs: number;
  out_msgs: number;
}

export class OperationCounters {
  private varzBefore: Varz = { in_msgs: 0, out_msgs: 0 };
  private sessionsBefore = 0;

  private constructor(
    private readonly client: pg.Client,
    private readonly natsMonitorUrl: string,
  ) {}

  static async open(databaseUrl: string, natsMonitorUrl: string): Promise<OperationCounters> {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'marketplace-bench-counters' });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return new OperationCounters(client, natsMonitorUrl);
  }

  async start(): Promise<void> {
    await this.client.query('SELECT pg_stat_statements_reset()');
    this.varzBefore = await this.varz();
    this.sessionsBefore = await this.sessions();
  }

  async stop(): Promise<PhaseCounters> {
    const varz = await this.varz();
    const sessions = await this.sessions();
    const { rows } = await this.client.query<{ query: string; calls: string; ms: number; plan_ms: number; plans: string }>(
      `SELECT query, calls, total_exec_time AS ms, total_plan_time AS plan_ms, plans FROM pg_stat_statements
        WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY total_exec_time + total_plan_time DESC`,
    );
    const byStatement = rows.map((r) => ({ query: r.query.replace(/\s+/g, ' '), calls: Number(r.calls), ms: r.ms, planMs: r.plan_ms, plans: Number(r.plans) }));
    return {
      statements: byStatement.reduce((n, s) => n + s.calls, 0),
      execMs: byStatement.reduce((n, s) => n + s.ms, 0),
      planMs: byStatement.reduce((n, s) => n + s.planMs, 0),
      byStatement,
      busIn: varz.in_msgs - this.varzBefore.in_msgs,
      busOut: varz.out_msgs - this.varzBefore.out_msgs,
      // Less this module's own pg_stat_statements read, which needs no new session.
      sessions: sessions - this.sessionsBefore,
    };
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  private async sessions(): Promise<number> {
    // The cumulative statistics are read as of the transaction's first access: a fresh snapshot each time.
    await this.client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await this.client.query<{ n: string }>('SELECT sum(sessions)::bigint AS n FROM pg_stat_database');
    return Number(rows[0]?.n ?? 0);
  }

  private async varz(): Promise<Varz> {
    const res = await fetch(`${this.natsMonitorUrl}/varz`);
    if (!res.ok) throw new Error(`GET ${this.natsMonitorUrl}/varz answered ${res.status}`);
    return (await res.json()) as Varz;
  }
}
