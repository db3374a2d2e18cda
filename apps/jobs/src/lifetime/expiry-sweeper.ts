import { jobClosedV1 } from '@marketplace/contracts';
import { LOGGER, type Logger, type PeriodicTask, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { jobsSettings } from '../jobs.settings.js';
import { closeDueJobs, closeDueTeamJobs } from './lifetime.queries.js';

const BATCH = 500;

function sweepIntervalMs(): number {
  return jobsSettings().expirySweepMs;
}

/**
 * Closes open jobs whose 14 days are up: a periodic task of the kit (JOB_EXPIRY_SWEEP_MS, default
 * a minute), each tick in one replica. Even so, a pass run by hand beside it stays safe: `FOR
 * UPDATE SKIP LOCKED` hands each due job to exactly one pass, and the status change and its
 * job.closed (reason `expired`) commit together, so each job closes, and is announced, once.
 * Reads never wait for the sweep: every public read already treats `closes_at <= now()` as closed.
 */
@Injectable()
export class ExpirySweeper implements PeriodicTask {
  readonly name = 'jobs-expiry';
  readonly intervalMs = sweepIntervalMs();
  private running: Promise<number> | undefined;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Batches until none is left due. */
  async run(): Promise<Record<string, number>> {
    let closed = 0;
    for (;;) {
      const n = await this.sweepOnce();
      closed += n;
      if (n < BATCH) return { closed };
    }
  }

  /** Closes up to one batch of due jobs; returns how many this replica closed. */
  sweepOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.uow
      .run(async (em) => {
        const closed = await closeDueJobs(em, BATCH);
        for (const job of closed) {
          await recordEvent(em, jobClosedV1, {
            jobId: job.id,
            posterId: job.poster_id,
            reason: 'expired',
            closedAt: new Date(job.closed_at).toISOString(),
          });
        }
        // Team jobs expire the same way; nothing consumes their closing, so it is only the status.
        await closeDueTeamJobs(em, BATCH);
        return closed.length;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
