import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, uploadMyFileChunk, type InputOf, type OutputOf, type UploadedObject } from '@marketplace/contracts';
import {
  callerOf, countAttempt, limitBuckets, ObjectStorage, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import {
  chunkCount, chunkObjectKey, chunkSize, deletingConflict, nextMissingIndex, ownPersonalFile, requireOpen, toPersonalFile, type FileRow,
} from './personal-area.js';

/**
 * Takes one chunk of an uploading file. The gateway staged the bytes (REST body or the MCP
 * tool's base64); they are hashed from storage, never held here, and copied on the store's side
 * to `files/chunks/<fileId>/<idx>`. Chunks arrive in any order; the same bytes again are a no-op,
 * other bytes for a chunk already received are 409. Two different uploads of one index racing
 * each other can leave the object and row disagreeing: complete's whole-file sha256 catches that.
 */
@Injectable()
export class UploadMyFileChunkHandler implements OperationHandler<typeof uploadMyFileChunk> {
  readonly operation = uploadMyFileChunk;

  constructor(private readonly ds: DataSource, private readonly uow: UnitOfWork, private readonly storage: ObjectStorage) {}

  async handle(input: InputOf<typeof uploadMyFileChunk>, ctx: HandlerContext): Promise<OutputOf<typeof uploadMyFileChunk>> {
    const caller = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets.fileWrites, caller.memberId);
    await requireOpen(this.ds, caller.memberId);
    const file = await ownPersonalFile(this.ds, caller.memberId, input.fileId);
    requireUploading(file);
    const chunks = chunkCount(file);
    if (input.index >= chunks) {
      throw AppError.badRequest('Invalid field: index.', { index: `No such chunk: this file has ${chunks} chunks (0 to ${chunks - 1}).` });
    }
    const expected = chunkSize(file, input.index);
    if (input.chunk.size > file.chunk_bytes) throw AppError.tooLarge(`A chunk of this file is at most ${file.chunk_bytes} bytes.`);
    if (input.chunk.size !== expected) {
      throw AppError.badRequest('Invalid field: chunk.', {
        chunk: `Chunk ${input.index} must be exactly ${expected} bytes${input.index === chunks - 1 ? ' (the last chunk holds the remainder)' : ''}; got ${input.chunk.size}.`,
      });
    }
    const sha256 = input.sha256.toLowerCase();
    const existing = await this.chunkSha(file.id, input.index);
    if (existing !== null && existing !== sha256) throw differentChunk(input.index);
    if (existing === null) {
      const actual = await this.hashStaged(input.chunk);
      if (actual !== sha256) {
        throw AppError.conflict(`The chunk's sha256 does not match its bytes; send chunk ${input.index} again.`, { sha256: 'Does not match the bytes.' });
      }
      await this.storage.copy(input.chunk.key, chunkObjectKey(file.id, input.index));
    }
    const row = await this.uow.run(async (em) => {
      const locked = await ownPersonalFile(em, caller.memberId, file.id, true);
      requireUploading(locked);
      const [inserted] = (await em.query(
        `INSERT INTO file_chunks (file_id, idx, size, sha256, object_key) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (file_id, idx) DO UPDATE SET idx = file_chunks.idx RETURNING sha256`,
        [file.id, input.index, expected, sha256, chunkObjectKey(file.id, input.index)])) as { sha256: string }[];
      if (inserted?.sha256 !== sha256) throw differentChunk(input.index);
      const [updated] = (await em.query(
        `UPDATE files SET received = (SELECT coalesce(sum(size), 0) FROM file_chunks WHERE file_id = $1), assembly_failure = NULL
         WHERE id = $1 RETURNING *`,
        [file.id])) as [FileRow[], number];
      return updated[0]!;
    });
    return { file: toPersonalFile(row), index: input.index, nextIndex: await nextMissingIndex(this.ds, row) };
  }

  private async chunkSha(fileId: string, idx: number): Promise<string | null> {
    const rows: { sha256: string }[] = await this.ds.query('SELECT sha256 FROM file_chunks WHERE file_id = $1 AND idx = $2', [fileId, idx]);
    return rows[0]?.sha256 ?? null;
  }

  private async hashStaged(upload: UploadedObject): Promise<string> {
    const object = await this.storage.open(upload.key);
    if (!object) throw AppError.badRequest('Invalid field: chunk.', { chunk: 'The upload is gone; send the chunk again.' });
    const hash = createHash('sha256');
    try {
      for await (const piece of object.stream as AsyncIterable<Buffer>) hash.update(piece);
    } catch {
      object.stream.destroy();
      throw AppError.unavailable('File storage is unavailable. Try again shortly.');
    }
    return hash.digest('hex');
  }
}

function requireUploading(file: FileRow): void {
  if (file.status === 'deleting') throw deletingConflict();
  if (file.status === 'ready') throw AppError.conflict('The file is complete and can no longer change.');
  if (new Date(file.upload_expires_at).getTime() < Date.now()) {
    throw AppError.conflict('The upload expired (600 seconds from creation); delete it and start again with create.');
  }
}

function differentChunk(index: number): AppError {
  return AppError.conflict(`Chunk ${index} was already received with other bytes; a chunk cannot change. Delete the file and upload it again if it is wrong.`);
}
