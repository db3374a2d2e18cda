import { Injectable } from '@nestjs/common';
import { AppError, lockWorkerFiles, type InputOf, type OutputOf } from '@marketplace/contracts';
import { UnitOfWork, type OperationHandler } from '@marketplace/service-kit';

/**
 * Turns in files with a submission (called by the applications service, which has checked that
 * the caller is the hired worker): each must be a ready file of the job's worker folder uploaded
 * under this hire. They are marked turned in (no longer deletable, canWrite false) and answered
 * in the order asked, duplicates dropped. Marking twice is harmless.
 */
@Injectable()
export class LockWorkerFilesHandler implements OperationHandler<typeof lockWorkerFiles> {
  readonly operation = lockWorkerFiles;
  constructor(private readonly uow: UnitOfWork) {}

  async handle({ jobId, hireId, fileIds }: InputOf<typeof lockWorkerFiles>): Promise<OutputOf<typeof lockWorkerFiles>> {
    const ids = [...new Set(fileIds.map((f) => f.toLowerCase()))];
    if (!ids.length) return { files: [] };
    return this.uow.run(async (em) => {
      const rows: { id: string; path: string; size: string }[] = await em.query(
        `SELECT id, path, size FROM files
         WHERE id = ANY($1::uuid[]) AND area = 'job' AND owner_id = $2 AND folder = 'worker' AND hire_id = $3 AND status = 'ready'
         FOR UPDATE`,
        [ids, jobId, hireId]);
      const found = new Map(rows.map((r) => [r.id, r]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        throw AppError.conflict(
          'Only complete files you uploaded to the job\'s worker folder can be turned in.',
          { fileIds: `Not a complete file of your worker folder: ${missing.join(', ')}.` });
      }
      await em.query('UPDATE files SET turned_in_at = coalesce(turned_in_at, now()) WHERE id = ANY($1::uuid[])', [ids]);
      return { files: ids.map((id) => { const r = found.get(id)!; return { id: r.id, path: r.path, size: Number(r.size) }; }) };
    });
  }
}
