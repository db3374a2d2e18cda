import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { AppError, createMyFile, FILE_LIMITS, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, limitBuckets, UnitOfWork, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { areaUsage, chunkCount, requireOpen, toPersonalFile, UPLOAD_SECONDS, type FileRow } from './personal-area.js';

/**
 * Opens an upload in the member's personal area: the path must be free in the area (ignoring
 * case), and the declared size must fit the area's bytes and file count. The size counts against
 * the quota from now on (uploading, ready or deleting) until the file's row is removed. The upload
 * must be completed within the contract's transfer time (600 s from creation); after that the
 * sweep removes it.
 */
@Injectable()
export class CreateMyFileHandler implements OperationHandler<typeof createMyFile> {
  readonly operation = createMyFile;

  constructor(private readonly ds: DataSource, private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof createMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof createMyFile>> {
    const caller = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets.fileWrites, caller.memberId);
    const path = input.path.normalize('NFC');
    const chunkBytes = input.chunkBytes ?? FILE_LIMITS.chunkBytes;
    const row = await this.uow.run(async (em) => {
      // One creation at a time per area, so two uploads cannot both take the last of the quota.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', ['files-area', `personal:${caller.memberId}`]);
      await requireOpen(em, caller.memberId);
      const usage = await areaUsage(em, 'personal', caller.memberId);
      if (usage.files >= FILE_LIMITS.files) {
        throw AppError.conflict(`Your files area holds at most ${FILE_LIMITS.files} files (deleting ones count until they are gone).`);
      }
      if (usage.bytes + input.size > FILE_LIMITS.personalBytes) {
        throw AppError.conflict(`Your files area holds at most ${FILE_LIMITS.personalBytes} bytes; ${usage.bytes} are in use (deleting files count until they are gone).`);
      }
      try {
        const rows: FileRow[] = await em.query(
          `INSERT INTO files (id, area, owner_id, folder, hire_id, uploader_id, path, size, sha256, chunk_bytes, received, status, created_at, upload_expires_at)
           VALUES ($1, 'personal', $2, NULL, NULL, $2, $3, $4, $5, $6, 0, 'uploading', now(), now() + make_interval(secs => $7))
           RETURNING *`,
          [randomUUID(), caller.memberId, path, input.size, input.sha256.toLowerCase(), chunkBytes, UPLOAD_SECONDS]);
        return rows[0]!;
      } catch (err) {
        if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') {
          throw AppError.conflict('A file with this path already exists in your files (paths ignore case).', { path: 'Already exists.' });
        }
        throw err;
      }
    });
    return {
      file: toPersonalFile(row),
      chunkBytes,
      chunks: chunkCount(row),
      nextIndex: 0,
      uploadExpiresAt: new Date(row.upload_expires_at).toISOString(),
    };
  }
}
