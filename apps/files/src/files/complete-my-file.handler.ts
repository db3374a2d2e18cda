import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, completeMyFile, FILE_LIMITS, fileAssembleQueue, type InputOf, type OutputOf } from '@marketplace/contracts';
import {
  callerOf, countAttempt, enqueueWork, limitBuckets, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import { FileAssembler } from './file-assembler.js';
import { deletingConflict, nextMissingIndex, ownPersonalFile, requireOpen, toPersonalFile, type FileRow } from './personal-area.js';

/** A worker that took the join and then died is asked again after this long. */
const ASSEMBLY_RETRY_MS = 5 * 60_000;
const RETRY_AFTER_SECONDS = 2;

/**
 * Finishes an upload. A ready file answers itself (idempotent). Every chunk must be in (409 with
 * fields.nextIndex otherwise). Files up to FILE_LIMITS.proxyBytes are joined and verified right
 * here; larger ones by the files worker (fileAssembleQueue), answering 503 with Retry-After until
 * it is done. A size or sha256 mismatch drops the chunks and answers 409 (once), so the client
 * uploads them again.
 */
@Injectable()
export class CompleteMyFileHandler implements OperationHandler<typeof completeMyFile> {
  readonly operation = completeMyFile;

  constructor(private readonly ds: DataSource, private readonly uow: UnitOfWork, private readonly assembler: FileAssembler) {}

  async handle({ fileId }: InputOf<typeof completeMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof completeMyFile>> {
    const caller = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets.fileWrites, caller.memberId);
    await requireOpen(this.ds, caller.memberId);
    const file = await ownPersonalFile(this.ds, caller.memberId, fileId);
    if (file.status === 'ready') return toPersonalFile(file);
    if (file.status === 'deleting') throw deletingConflict();
    if (file.assembly_failure) {
      await this.ds.query('UPDATE files SET assembly_failure = NULL WHERE id = $1', [file.id]);
      throw AppError.conflict(file.assembly_failure, { sha256: 'Does not match the chunks received.' });
    }
    const next = await nextMissingIndex(this.ds, file);
    if (next !== null) {
      throw AppError.conflict(`Chunks are missing; send chunk ${next} (and any other missing one) first.`, { nextIndex: String(next) });
    }
    const requested = file.assembly_requested_at ? new Date(file.assembly_requested_at).getTime() : null;
    if (requested === null && new Date(file.upload_expires_at).getTime() < Date.now()) {
      throw AppError.conflict(`The upload expired (${FILE_LIMITS.transferSeconds} seconds from creation); delete it and start again.`);
    }

    if (Number(file.size) <= FILE_LIMITS.proxyBytes) {
      const result = await this.assembler.assemble(file.id);
      if (result.kind === 'mismatch') {
        await this.ds.query('UPDATE files SET assembly_failure = NULL WHERE id = $1', [file.id]);
        throw AppError.conflict(result.message, { sha256: 'Does not match the chunks received.' });
      }
      return this.answer(caller.memberId, file.id);
    }

    if (requested === null || Date.now() - requested > ASSEMBLY_RETRY_MS) {
      await this.uow.run(async (em) => {
        const [rows] = (await em.query(
          `UPDATE files SET assembly_requested_at = now() WHERE id = $1 AND status = 'uploading'
             AND (assembly_requested_at IS NULL OR assembly_requested_at < now() - make_interval(secs => $2)) RETURNING id`,
          [file.id, ASSEMBLY_RETRY_MS / 1000])) as [unknown[], number];
        if (rows.length) await enqueueWork(em, fileAssembleQueue, { fileId: file.id });
      });
    }
    throw new AppError(503, 'The file is being assembled; call complete again in a few seconds.', { retryAfter: RETRY_AFTER_SECONDS });
  }

  /** The file as it is now: ready, or whatever a concurrent delete made of it. */
  private async answer(memberId: string, fileId: string): Promise<OutputOf<typeof completeMyFile>> {
    const now: FileRow = await ownPersonalFile(this.ds, memberId, fileId);
    if (now.status === 'deleting') throw deletingConflict();
    if (now.status !== 'ready') {
      const next = await nextMissingIndex(this.ds, now);
      throw AppError.conflict('The upload changed while it was being completed; check it and call complete again.',
        next === null ? undefined : { nextIndex: String(next) });
    }
    return toPersonalFile(now);
  }
}
