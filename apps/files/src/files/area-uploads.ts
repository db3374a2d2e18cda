import { createHash, randomUUID } from 'node:crypto';

import {
  AppError,
  DIRECT_PART_BYTES,
  DIRECT_PART_URL_SECONDS,
  FILE_LIMITS,
  fileAssembleQueue,
  fileCleanupQueue,
  type UploadedObject,
} from '@marketplace/contracts';
import { countAttempt, enqueueWork, limitBuckets, ObjectStorage, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';

import {
  areaFile,
  type AreaGate,
  areaUsage,
  assembledObjectKey,
  chunkCount,
  chunkSize,
  deletingConflict,
  type FileRow,
  isDirect,
  nextMissingIndex,
  UPLOAD_SECONDS,
} from './area-files.js';
import { clearAssemblyFailure, dropJoinedParts, partsJoined, requestAssembly, setUploadId } from './file-assembly.queries.js';
import { countReceived, hasChunks, writeChunk } from './file-chunks.queries.js';
import { insertUpload, lockArea, markDeleting } from './files.queries.js';
import { checkStoredParts } from './stored-parts.js';
import { UploadJoins } from './upload-joins.js';
import {
  assemblyFailed,
  type CreatedUpload,
  differentChunk,
  directPartCount,
  directPartSize,
  type NewFile,
  type PresignedParts,
  requireUploading,
  type SentPart,
} from './upload-rules.js';

/**
 * The upload path of every file area: create a slot (path free in its folder ignoring case, size
 * within the area's bytes and file count), take sha256-checked chunks in any order, complete
 * (join and verify), delete (to `deleting`, cleanup queued).
 */
@Injectable()
export class AreaUploads {
  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    private readonly joins: UploadJoins,
  ) {}

  /**
   * Opens an upload: the declared size counts against the quota from now on (uploading, ready or
   * deleting) until the row is removed; it must be completed within the transfer time (600 s).
   */
  async create(gate: AreaGate, input: NewFile): Promise<CreatedUpload> {
    await countAttempt(this.ds, limitBuckets().fileWrites, gate.actorId);
    const path = input.path.normalize('NFC');
    const chunkBytes = input.chunkBytes ?? FILE_LIMITS.chunkBytes;
    const row = await this.uow.run(async (em) => {
      // One creation at a time per area, so two uploads cannot both take the last of the quota.
      await lockArea(em, gate.area, gate.ownerId);
      await gate.requireOpen(em);
      const usage = await areaUsage(em, gate.area, gate.ownerId);
      if (usage.files >= FILE_LIMITS.files) {
        throw AppError.conflict(`${gate.areaName} holds at most ${FILE_LIMITS.files} files (deleting ones count until they are gone).`);
      }
      if (usage.bytes + input.size > gate.maxBytes) {
        throw AppError.conflict(`${gate.areaName} holds at most ${gate.maxBytes} bytes; ${usage.bytes} are in use (deleting files count until they are gone).`);
      }
      try {
        return await insertUpload(em, {
          id: randomUUID(),
          area: gate.area,
          ownerId: gate.ownerId,
          folder: gate.folder,
          hireId: gate.hireId,
          uploaderId: gate.actorId,
          path,
          size: input.size,
          sha256: input.sha256.toLowerCase(),
          chunkBytes,
          uploadSeconds: UPLOAD_SECONDS,
        });
      } catch (err) {
        if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') {
          const where = gate.folder ? `the ${gate.folder} folder` : 'your files';
          throw AppError.conflict(`A file with this path already exists in ${where} (paths ignore case).`, { path: 'Already exists.' });
        }
        throw err;
      }
    });
    return { row, chunkBytes, chunks: chunkCount(row), nextIndex: 0, uploadExpiresAt: new Date(row.upload_expires_at).toISOString() };
  }

  /**
   * Takes one chunk. The gateway staged the bytes (REST body or the MCP tool's base64) and hashed
   * them on the way; the staged object becomes the chunk as it is (the binding's `adopt`), so
   * its bytes are neither read back nor copied here. Other bytes for a chunk already received are
   * 409. The same bytes again replace the chunk's object with the new one (the old is removed),
   * so a retry after a lost answer always leaves a chunk whose object exists. Two different
   * uploads of one index racing each other cannot both win: the row keeps the first sha256.
   */
  async putChunk(
    gate: AreaGate,
    input: { fileId: string; index: number; sha256: string; chunk: UploadedObject },
  ): Promise<{ row: FileRow; nextIndex: number | null }> {
    // A chunk is the hot path of an upload: its three reads go at once, refused in this order.
    const [counted, open, found] = await Promise.allSettled([
      countAttempt(this.ds, limitBuckets().fileWrites, gate.actorId),
      gate.requireOpen(this.ds),
      areaFile(this.ds, gate, input.fileId),
    ]);
    for (const step of [counted, open, found]) if (step.status === 'rejected') throw step.reason;
    const file = (found as PromiseFulfilledResult<FileRow>).value;
    gate.mayUpload(file);
    requireUploading(file);
    if (isDirect(file))
      throw AppError.conflict('This upload sends its parts straight to storage (presigned part URLs); finish it that way, or delete it and start again.');
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
    // The gateway hashed the bytes as it staged them; read them back only when it did not say.
    const actual = input.chunk.sha256 ?? (await this.hashStaged(input.chunk));
    if (actual !== sha256) {
      throw AppError.conflict(`The chunk's sha256 does not match its bytes; send chunk ${input.index} again.`, { sha256: 'Does not match the bytes.' });
    }
    const { row, replaced, nextIndex } = await this.uow.run(async (em) => {
      const locked = await areaFile(em, gate, file.id, true);
      requireUploading(locked);
      if (isDirect(locked))
        throw AppError.conflict('This upload sends its parts straight to storage (presigned part URLs); finish it that way, or delete it and start again.');
      // The file's lock serializes its chunks; `previous` is the row as it was before this write.
      const written = await writeChunk(em, { fileId: file.id, idx: input.index, size: expected, sha256, objectKey: input.chunk.key });
      if (!written.ok) throw differentChunk(input.index);
      const { row: after, nextIndex: next } = await countReceived(em, file.id, chunks);
      if (input.index === 0 && next !== null) await this.followUpload(em, after);
      return { row: after, replaced: written.replaced, nextIndex: next };
    });
    if (replaced && replaced !== input.chunk.key) this.discard(replaced);
    return { row, nextIndex };
  }

  /**
   * Finishes an upload. A ready file answers itself (idempotent). Every chunk must be in (409 with
   * fields.nextIndex otherwise). Files up to FILE_LIMITS.proxyBytes are joined and verified right
   * here; larger ones by the files worker (fileAssembleQueue), answering 503 with Retry-After until
   * it is done. A size or sha256 mismatch drops the chunks and answers 409 (once), so the client
   * uploads them again.
   */
  async complete(gate: AreaGate, fileId: string, parts?: readonly SentPart[]): Promise<FileRow> {
    await countAttempt(this.ds, limitBuckets().fileWrites, gate.actorId);
    await gate.requireOpen(this.ds);
    const file = await areaFile(this.ds, gate, fileId);
    if (file.status === 'ready') return file;
    gate.mayUpload(file);
    if (file.status === 'deleting') throw deletingConflict();
    if (isDirect(file)) return this.completeDirect(gate, file, parts);
    // A direct upload whose check failed is a chunk upload again; its next complete reports why.
    if (parts && !file.assembly_failure)
      throw AppError.badRequest('Invalid field: parts.', {
        parts: 'Only for an upload sent straight to storage (presigned part URLs); this one takes chunks.',
      });
    const next = await nextMissingIndex(this.ds, file);
    if (file.assembly_failure) {
      await clearAssemblyFailure(this.ds, file.id);
      // A mismatch dropped every chunk; a lost chunk only itself, so the others still count.
      throw assemblyFailed(file.assembly_failure, Number(file.received) > 0 ? next : null);
    }
    if (next !== null) {
      throw AppError.conflict(`Chunks are missing; send chunk ${next} (and any other missing one) first.`, { nextIndex: String(next) });
    }
    const requested = file.assembly_requested_at ? new Date(file.assembly_requested_at).getTime() : null;
    if (requested === null && new Date(file.upload_expires_at).getTime() < Date.now()) {
      throw AppError.conflict(`The upload expired (${FILE_LIMITS.transferSeconds} seconds from creation); delete it and start again.`);
    }

    return this.joins.joinOrQueue(gate, file, requested);
  }

  /**
   * Presigned UploadPart URLs for the parts asked (all when none are named), valid at most
   * DIRECT_PART_URL_SECONDS and never past the upload's deadline. The first call starts the S3
   * multipart upload of the file's own object; an upload that already took chunks is refused, and
   * one whose parts were joined needs no more. Each URL writes one part of this upload only; what
   * was sent to it is checked against the part's share whenever the client comes back.
   */
  async presignParts(gate: AreaGate, fileId: string, partNumbers?: readonly number[]): Promise<PresignedParts> {
    await countAttempt(this.ds, limitBuckets().fileWrites, gate.actorId);
    await gate.requireOpen(this.ds);
    const key = assembledObjectKey(fileId);
    let started: string | undefined;
    const row = await this.uow
      .run(async (em) => {
        const file = await areaFile(em, gate, fileId, true);
        gate.mayUpload(file);
        requireUploading(file);
        if (file.parts_joined_at) throw AppError.conflict('Storage already joined the parts; call complete.');
        if (file.upload_id) return file;
        if ((await hasChunks(em, file.id)) || Number(file.received) > 0) {
          throw AppError.conflict('This upload already took chunks through the API; send the rest the same way, or delete it and start again.');
        }
        started = await this.storage.createMultipart(key, 'application/octet-stream');
        return setUploadId(em, file.id, started);
      })
      .catch(async (err: unknown) => {
        // A multipart upload no row names would hold its parts until the sweep finds it: drop it now.
        if (started) await this.storage.abortMultipart(key, started).catch(() => undefined);
        throw err;
      });
    await checkStoredParts(this.storage, this.ds, row);
    const parts = directPartCount(row);
    const wanted = partNumbers ? [...new Set(partNumbers)].sort((a, b) => a - b) : Array.from({ length: parts }, (_, i) => i + 1);
    const beyond = wanted.find((n) => n > parts);
    if (beyond !== undefined) {
      throw AppError.badRequest('Invalid field: partNumbers.', { partNumbers: `No such part: ${beyond}; this file has ${parts} parts (1 to ${parts}).` });
    }
    const left = Math.floor((new Date(row.upload_expires_at).getTime() - Date.now()) / 1000);
    const seconds = Math.max(1, Math.min(DIRECT_PART_URL_SECONDS, left));
    const urls = await Promise.all(
      wanted.map(async (n) => ({
        number: n,
        bytes: directPartSize(row, n),
        url: await this.storage.presignPart(key, row.upload_id!, n, seconds),
      })),
    );
    return { row, partBytes: DIRECT_PART_BYTES, parts, urls, expiresAt: new Date(Date.now() + seconds * 1000).toISOString() };
  }

  /**
   * Completes a direct upload. The parts are held against what the store reports it holds
   * (ListParts), not what was declared: each must be exactly its share of the declared size
   * (checkStoredParts). Storage then joins the parts the client names (each must be the part its
   * ETag says, or storage refuses: 409), and the joined object must be the declared size (the
   * area's and the contract's caps were checked against that at create), else it is dropped and
   * the upload starts over. Its sha256 is checked next, as a join's is (here, or by the worker).
   */
  private async completeDirect(gate: AreaGate, file: FileRow, parts: readonly SentPart[] | undefined): Promise<FileRow> {
    if (file.assembly_failure) {
      await clearAssemblyFailure(this.ds, file.id);
      throw assemblyFailed(file.assembly_failure, null);
    }
    if (new Date(file.upload_expires_at).getTime() < Date.now() && !file.parts_joined_at) {
      throw AppError.conflict(`The upload expired (${FILE_LIMITS.transferSeconds} seconds from creation); delete it and start again.`);
    }
    let joined = file;
    if (!file.parts_joined_at) {
      const count = directPartCount(file);
      const numbers = new Set((parts ?? []).map((p) => p.number));
      if (!parts || numbers.size !== parts.length || numbers.size !== count || [...numbers].some((n) => n < 1 || n > count)) {
        throw AppError.badRequest('Invalid field: parts.', { parts: `Name every part once, numbers 1 to ${count}, each with the ETag its PUT answered.` });
      }
      const key = assembledObjectKey(file.id);
      await checkStoredParts(this.storage, this.ds, file, count);
      const refused = await this.storage.completeMultipart(
        key,
        file.upload_id!,
        parts.map((p) => ({ part: p.number, etag: p.etag.replace(/^"|"$/g, '') })),
      );
      // No such upload: a complete before this one joined the parts (and may not have said so yet); the object tells.
      if (refused && !(refused === 'NoSuchUpload' && (await this.storage.stat(key)))) {
        throw AppError.conflict(
          `Storage refused the parts (${refused}): a part is missing or holds other bytes than its ETag says; PUT it again (ask for its URL again), then complete.`,
        );
      }
      const stored = await this.storage.stat(key);
      if (stored?.size !== Number(file.size)) {
        const message = `The parts add up to ${stored?.size ?? 0} bytes, not the declared ${file.size}; they were dropped: ask for new part URLs and send the file again.`;
        await dropJoinedParts(this.ds, file.id);
        await this.storage.remove(key).catch(() => undefined);
        throw AppError.conflict(message, { size: 'Does not match the parts sent.' });
      }
      // What the store holds, which the check above made the declared size.
      const now = await partsJoined(this.ds, file.id, stored.size);
      if (!now) throw AppError.conflict('The upload changed while it was being completed; check it and call complete again.');
      joined = now;
    }
    const requested = joined.assembly_requested_at ? new Date(joined.assembly_requested_at).getTime() : null;
    return this.joins.joinOrQueue(gate, joined, requested);
  }

  /**
   * Moves a file to `deleting` (reads refused at once) and queues its cleanup, which removes the
   * objects and then the row; the file keeps its quota until then. Deleting a file already being
   * deleted answers the same.
   */
  async remove(gate: AreaGate, fileId: string): Promise<void> {
    await countAttempt(this.ds, limitBuckets().fileWrites, gate.actorId);
    await gate.requireOpen(this.ds);
    await this.uow.run(async (em) => {
      const file = await areaFile(em, gate, fileId, true);
      if (file.status === 'deleting') return;
      gate.mayDelete(file);
      await markDeleting(em, file.id);
      await enqueueWork(em, fileCleanupQueue, { fileId: file.id });
    });
  }

  /**
   * A file the worker joins (over FILE_LIMITS.proxyBytes) gets its join queued as chunk 0 arrives
   * while others are still to come: it joins the parts as their chunks arrive, so complete has
   * only the tail left. Once per upload unless that join gives up; complete queues one otherwise.
   */
  private async followUpload(em: EntityManager, file: FileRow): Promise<void> {
    if (Number(file.size) <= FILE_LIMITS.proxyBytes || file.assembly_requested_at) return;
    await requestAssembly(em, file.id);
    await enqueueWork(em, fileAssembleQueue, { fileId: file.id });
  }

  /** Nothing refers to the object any more: best effort, one that cannot be removed stays unreferenced. */
  private discard(key: string): void {
    this.storage.remove(key).catch(() => undefined);
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
