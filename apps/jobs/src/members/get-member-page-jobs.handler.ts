import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { getMemberPageJobs, HIRED_JOB_STATUSES, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { JOB_COLUMNS, JOB_FROM, toJob, type JobRow } from '../jobs/job.mapper.js';
import { isJobId } from '../jobs/jobs.queries.js';

/**
 * Hired means someone was accepted: the job left the board but the page still shows it. The
 * vocabulary's own words, never input, so they are written into the SQL as literals.
 */
const HIRED = `(${HIRED_JOB_STATUSES.map((s) => `'${s}'`).join(', ')})`;
const OPEN = `(j.status = 'open' AND (j.closes_at IS NULL OR j.closes_at > now()))`;

/**
 * The jobs on a member page. Anonymous jobs never appear (listing them under the member would
 * reveal who posted them), nor do jobs hidden by staff or closed ones.
 */
@Injectable()
export class GetMemberPageJobsHandler implements OperationHandler<typeof getMemberPageJobs> {
  readonly operation = getMemberPageJobs;

  constructor(private readonly ds: DataSource, private readonly recorder: AudienceRecorder) {}

  async handle({ memberId, doneJobIds }: InputOf<typeof getMemberPageJobs>, ctx: HandlerContext): Promise<OutputOf<typeof getMemberPageJobs>> {
    if (!isJobId(memberId)) return { posted: [], done: [] };
    const ids = doneJobIds.filter(isJobId);
    const [posted, done] = await Promise.all([
      this.ds.query(
        `SELECT ${JOB_COLUMNS} FROM ${JOB_FROM}
         WHERE j.poster_id = $1 AND j.poster_visibility = 'public' AND NOT j.safety_hidden
           AND (${OPEN} OR j.status IN ${HIRED})
         ORDER BY j.created_at DESC, j.id DESC LIMIT 200`,
        [memberId],
      ) as Promise<JobRow[]>,
      ids.length
        ? this.ds.query(
            `SELECT ${JOB_COLUMNS} FROM ${JOB_FROM}
             WHERE j.id = ANY($1::uuid[]) AND NOT j.safety_hidden AND (${OPEN} OR j.status IN ${HIRED})`,
            [ids],
          ) as Promise<JobRow[]>
        : Promise.resolve([] as JobRow[]),
    ]);
    // A full member page shows the member's open jobs: each counts as an impression for its poster.
    this.recorder.record('impression', posted.filter((row) => row.status === 'open'), ctx);
    const byId = new Map(done.map((row) => [row.id, row]));
    return {
      posted: posted.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      done: ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toJob(row, { revealPoster: false, withApplicants: true })] : [];
      }),
    };
  }
}
