import { AppError, type EventEnvelope, type InputOf, lockWorkerFiles, type OutputOf, releaseWorkerFiles, workSubmittedV1 } from '@marketplace/contracts';
import { type Db, type EventConsumer, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { confirmTurnIns, lockHireFiles, releaseProvisionalTurnIns, turnInProvisionally } from './jobs.queries.js';

/**
 * How long a turn-in stays provisional without its work.submitted: the submission's own
 * transaction is over long before; the event only waits on the outbox.
 */
export const TURN_IN_PENDING_SECONDS = 600;

/**
 * Turns in files with a submission (called by the applications service, which has checked that
 * the caller is the hired worker, inside the submission's transaction): each must be a ready file
 * of the job's worker folder uploaded under this hire. They are marked turned in at once (no
 * longer deletable, canWrite false), provisionally for `submissionId`: work.submitted makes it
 * final, a submission that fails releases it (releaseWorkerFiles) and the files sweep releases
 * one never confirmed. Answered in the order asked, duplicates dropped. Marking twice is harmless.
 */
@Injectable()
export class LockWorkerFilesHandler implements OperationHandler<typeof lockWorkerFiles> {
  readonly operation = lockWorkerFiles;
  constructor(private readonly uow: UnitOfWork) {}

  async handle({ jobId, hireId, submissionId, fileIds }: InputOf<typeof lockWorkerFiles>): Promise<OutputOf<typeof lockWorkerFiles>> {
    const ids = [...new Set(fileIds.map((f) => f.toLowerCase()))];
    if (!ids.length) return { files: [] };
    return this.uow.run(async (em) => {
      const rows = await lockHireFiles(em, ids, jobId, hireId);
      const found = new Map(rows.map((r) => [r.id, r]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        throw AppError.conflict("Only complete files you uploaded to the job's worker folder can be turned in.", {
          fileIds: `Not a complete file of your worker folder: ${missing.join(', ')}.`,
        });
      }
      // A file already turned in for good stays so; a provisional one moves to this submission.
      await turnInProvisionally(em, ids, submissionId, TURN_IN_PENDING_SECONDS);
      return {
        files: ids.map((id) => {
          const r = found.get(id)!;
          return { id: r.id, path: r.path, size: Number(r.size) };
        }),
      };
    });
  }
}

/** Frees what a submission that did not commit had turned in, unless its turn-in became final. */
export async function releaseTurnIns(on: Db, where: { submissionId: string } | { expired: true }): Promise<number> {
  return (await releaseProvisionalTurnIns(on, where)).length;
}

/** The applications service's undo when a submission failed after turning files in. */
@Injectable()
export class ReleaseWorkerFilesHandler implements OperationHandler<typeof releaseWorkerFiles> {
  readonly operation = releaseWorkerFiles;
  constructor(private readonly uow: UnitOfWork) {}

  handle({ submissionId }: InputOf<typeof releaseWorkerFiles>): Promise<OutputOf<typeof releaseWorkerFiles>> {
    return this.uow.run(async (em) => ({ released: await releaseTurnIns(em, { submissionId }) }));
  }
}

/**
 * The submission committed: its files are turned in for good. Matched by file, not by
 * submission, so it holds even when the lock was released meanwhile (an event delayed past the
 * sweep) or moved to a later attempt; a file deleted since is left alone. Safe to apply twice.
 */
@Injectable()
export class FilesWorkSubmittedConsumer implements EventConsumer<typeof workSubmittedV1.payload> {
  readonly name = 'work-submitted-files';
  readonly event = workSubmittedV1;

  async apply(event: EventEnvelope<z.output<typeof workSubmittedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, applicationId, fileIds } = event.payload;
    const uuid = /^[0-9a-f-]{36}$/i;
    const ids = (fileIds ?? []).filter((id) => uuid.test(id));
    if (!ids.length || !uuid.test(jobId) || !uuid.test(applicationId)) return;
    await confirmTurnIns(
      em,
      ids.map((id) => id.toLowerCase()),
      jobId,
      applicationId,
    );
  }
}
