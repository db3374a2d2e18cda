import { AppError, type InputOf, type OutputOf, renameMyFile } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';

import { deletingConflict } from './area-files.js';
import { renameFile } from './files.queries.js';
import { ownPersonalFile, requireOpen, toPersonalFile } from './personal-area.js';

/**
 * Renames a personal file. The path is only a name: the bytes live under the file's id, so an
 * upload in progress keeps going and a ready file's object is not touched.
 */
@Injectable()
export class RenameMyFileHandler implements OperationHandler<typeof renameMyFile> {
  readonly operation = renameMyFile;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
  ) {}

  async handle({ fileId, path }: InputOf<typeof renameMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof renameMyFile>> {
    const memberId = callerOf(ctx).memberId;
    await countAttempt(this.ds, limitBuckets().fileWrites, memberId);
    const row = await this.uow.run(async (em) => {
      await requireOpen(em, memberId);
      const file = await ownPersonalFile(em, memberId, fileId, true);
      if (file.status === 'deleting') throw deletingConflict();
      // Turned-in files are fixed wherever they are; personal ones are never turned in today.
      if (file.turned_in_at) throw AppError.conflict('A turned-in file cannot be renamed.');
      try {
        return await renameFile(em, file.id, path.normalize('NFC'));
      } catch (err) {
        if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') {
          throw AppError.conflict('A file with this path already exists in your files (paths ignore case).', { path: 'Already exists.' });
        }
        throw err;
      }
    });
    return toPersonalFile(row);
  }
}
