import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { deleteMyFile, fileCleanupQueue, type InputOf, type OutputOf } from '@marketplace/contracts';
import {
  callerOf, countAttempt, enqueueWork, limitBuckets, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import { ownPersonalFile, requireOpen } from './personal-area.js';

/**
 * Moves a personal file to `deleting` (reads refused at once) and queues its cleanup, which
 * removes the objects and then the row; the file keeps its quota until then. Deleting a file
 * already being deleted answers the same.
 */
@Injectable()
export class DeleteMyFileHandler implements OperationHandler<typeof deleteMyFile> {
  readonly operation = deleteMyFile;

  constructor(private readonly ds: DataSource, private readonly uow: UnitOfWork) {}

  async handle({ fileId }: InputOf<typeof deleteMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof deleteMyFile>> {
    const caller = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets.fileWrites, caller.memberId);
    await requireOpen(this.ds, caller.memberId);
    await this.uow.run(async (em) => {
      const file = await ownPersonalFile(em, caller.memberId, fileId, true);
      if (file.status === 'deleting') return;
      await em.query(`UPDATE files SET status = 'deleting' WHERE id = $1`, [file.id]);
      await enqueueWork(em, fileCleanupQueue, { fileId: file.id });
    });
    return { deleted: true };
  }
}
