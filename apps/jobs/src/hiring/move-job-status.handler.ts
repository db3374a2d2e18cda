import { type InputOf, moveJobStatus, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { isJobId } from '../jobs/jobs.queries.js';
import { moveStatus, statusOf } from './hiring.queries.js';

/**
 * One UPDATE guarded by the expected status: PostgreSQL's row lock makes it a compare-and-set, so
 * of any number of concurrent hires exactly one moves the job. A repeated move that already
 * happened for the same hire answers moved (retries after a lost reply are safe).
 */
@Injectable()
export class MoveJobStatusHandler implements OperationHandler<typeof moveJobStatus> {
  readonly operation = moveJobStatus;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof moveJobStatus>): Promise<OutputOf<typeof moveJobStatus>> {
    const { jobId, from, to, hiredApplicationId, workerId, reopen } = input;
    if (!isJobId(jobId)) return { moved: false, status: null, hiredApplicationId: null };
    // Leaving `open` records the hire (also when compensation puts a reopened job back).
    const hiring = from.includes('open') && to !== 'open';
    const moved = await moveStatus(this.ds, { jobId, from, to, hiredApplicationId, workerId: workerId ?? null, hiring, reopen });
    if (moved) return { moved: true, status: moved.status, hiredApplicationId: moved.hired_application_id };
    const current = await statusOf(this.ds, jobId);
    if (!current) return { moved: false, status: null, hiredApplicationId: null };
    const alreadyDone = current.status === to && (to === 'open' ? false : current.hired_application_id === hiredApplicationId);
    return { moved: alreadyDone, status: current.status, hiredApplicationId: current.hired_application_id };
  }
}
