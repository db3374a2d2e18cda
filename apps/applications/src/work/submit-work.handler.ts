import { randomUUID } from 'node:crypto';

import { type InputOf, lockWorkerFiles, type OutputOf, releaseWorkerFiles, submitWork, workSubmittedV1 } from '@marketplace/contracts';
import { BusClient, type HandlerContext, limitBuckets, LOGGER, type Logger, type OperationHandler, recordEvent } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';

import { insertSubmission, lastRound } from './work.queries.js';
import { WorkSteps } from './work-steps.js';

/**
 * The hired worker turns work in: round 1, then one more after each request for changes. Files
 * named by `fileIds` must be complete files of the job's worker folder from this hire; the files
 * service marks them turned in (no longer deletable) and answers their path and size. That mark
 * is provisional until work.submitted (recorded with the submission) reaches the files service:
 * when the submission does not commit, the files are released at once, or by the files sweep if
 * even that fails, so a failed submission never leaves them locked.
 */
@Injectable()
export class SubmitWorkHandler implements OperationHandler<typeof submitWork> {
  readonly operation = submitWork;
  constructor(
    private readonly work: WorkSteps,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(input: InputOf<typeof submitWork>, ctx: HandlerContext): Promise<OutputOf<typeof submitWork>> {
    const submissionId = randomUUID();
    let turnedIn = false;
    try {
      return await this.work.run(input.id, ctx, {
        limit: limitBuckets().submissions,
        roles: ['worker'],
        forbidden: 'Only the hired worker turns work in.',
        from: ['in_progress', 'changes_requested'],
        conflict: 'Work can be turned in only while the job is in progress or changes were requested.',
        to: 'submitted',
        apply: async (em, hire) => {
          const round = (await lastRound(em, hire.id)) + 1;
          const fileIds = input.fileIds ?? [];
          // Set before the call: a call that times out may still have locked on the other side.
          turnedIn = fileIds.length > 0;
          const { files } = turnedIn
            ? await this.bus.call(lockWorkerFiles, { jobId: hire.job_id, hireId: hire.id, workerId: hire.worker_id, submissionId, fileIds }, ctx)
            : { files: [] };
          await insertSubmission(em, {
            id: submissionId,
            hire_id: hire.id,
            round,
            body: input.body,
            files,
            links: input.links.map((l) => ({ url: l.url, label: l.label ?? null })),
            model: input.model ?? null,
            status: 'submitted',
            feedback: null,
            created_at: new Date(),
            decided_at: null,
          });
          await recordEvent(em, workSubmittedV1, {
            jobId: hire.job_id,
            applicationId: hire.id,
            title: hire.title,
            posterId: hire.poster_id,
            workerId: hire.worker_id,
            actorId: hire.worker_id,
            at: new Date().toISOString(),
            round,
            fileIds: files.map((f) => f.id),
          });
        },
      });
    } catch (err) {
      if (turnedIn) {
        await this.bus
          .call(releaseWorkerFiles, { submissionId }, ctx)
          .catch((releaseErr: unknown) => this.logger.warn({ err: releaseErr, submissionId }, 'turned-in files not released; the files sweep releases them'));
      }
      throw err;
    }
  }
}
