import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { lockWorkerFiles, submitWork, workSubmittedV1, type InputOf, type OutputOf } from '@marketplace/contracts';
import { BusClient, recordEvent, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { SubmissionEntity } from './submission.entity.js';
import { WorkSteps } from './work-steps.js';

/**
 * The hired worker turns work in: round 1, then one more after each request for changes. Files
 * named by `fileIds` must be complete files of the job's worker folder from this hire; the files
 * service marks them turned in (no longer deletable) and answers their path and size.
 */
@Injectable()
export class SubmitWorkHandler implements OperationHandler<typeof submitWork> {
  readonly operation = submitWork;
  constructor(private readonly work: WorkSteps, private readonly bus: BusClient) {}
  handle(input: InputOf<typeof submitWork>, ctx: HandlerContext): Promise<OutputOf<typeof submitWork>> {
    return this.work.run(input.id, ctx, {
      roles: ['worker'], forbidden: 'Only the hired worker turns work in.',
      from: ['in_progress', 'changes_requested'],
      conflict: 'Work can be turned in only while the job is in progress or changes were requested.',
      to: 'submitted',
      apply: async (em, hire) => {
        const [{ last }] = (await em.query('SELECT coalesce(max(round), 0)::int AS last FROM submissions WHERE hire_id = $1', [hire.id])) as [{ last: number }];
        const round = last + 1;
        const { files } = input.fileIds?.length
          ? await this.bus.call(lockWorkerFiles, { jobId: hire.jobId, hireId: hire.id, workerId: hire.workerId, fileIds: input.fileIds }, ctx)
          : { files: [] };
        await em.insert(SubmissionEntity, {
          id: randomUUID(), hireId: hire.id, round, body: input.body, files,
          links: input.links.map((l) => ({ url: l.url, label: l.label ?? null })), model: input.model ?? null,
          status: 'submitted', feedback: null, createdAt: new Date(), decidedAt: null,
        });
        await recordEvent(em, workSubmittedV1, {
          jobId: hire.jobId, applicationId: hire.id, title: hire.title, posterId: hire.posterId, workerId: hire.workerId,
          actorId: hire.workerId, at: new Date().toISOString(), round,
        });
      },
    });
  }
}
