import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { moveJobStatus, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { isJobId } from '../jobs/jobs.queries.js';

const LIFETIME = `interval '14 days'`;

interface Row { status: OutputOf<typeof moveJobStatus>['status']; hired_application_id: string | null }

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
    const [rows] = (await this.ds.query(
      `UPDATE jobs SET status = $2,
         worker_id = CASE WHEN $5::boolean THEN $4::uuid WHEN $2::text = 'open' THEN NULL ELSE worker_id END,
         hired_application_id = CASE WHEN $5::boolean THEN $3::uuid WHEN $2::text = 'open' THEN NULL ELSE hired_application_id END,
         closes_at = CASE WHEN $6::boolean THEN now() + ${LIFETIME} ELSE closes_at END
       WHERE id = $1 AND status = ANY($7::text[])
         AND (CASE WHEN status = 'open'
                THEN NOT safety_hidden AND (closes_at IS NULL OR closes_at > now()) AND $5::boolean
                ELSE hired_application_id = $3::uuid END)
       RETURNING status, hired_application_id`,
      [jobId, to, hiredApplicationId, workerId ?? null, hiring, reopen, from],
    )) as [Row[], number];
    if (rows.length) return { moved: true, status: rows[0]!.status, hiredApplicationId: rows[0]!.hired_application_id };
    const [current] = (await this.ds.query(
      'SELECT status, hired_application_id FROM jobs WHERE id = $1', [jobId],
    )) as Row[];
    if (!current) return { moved: false, status: null, hiredApplicationId: null };
    const alreadyDone = current.status === to && (to === 'open' ? false : current.hired_application_id === hiredApplicationId);
    return { moved: alreadyDone, status: current.status, hiredApplicationId: current.hired_application_id };
  }
}
