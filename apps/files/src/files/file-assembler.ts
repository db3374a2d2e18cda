import { createHash } from 'node:crypto';

import { fileCompletedV1, filePreviewQueue } from '@marketplace/contracts';
import { enqueueWork, LOGGER, type Logger, MIN_PART_BYTES, type MultipartUpload, ObjectStorage, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { assembledObjectKey, chunkCount, type FileRow } from './area-files.js';
import { ALIVE_EVERY_MS, ChunkFeed } from './chunk-feed.js';
import { failJoinedUpload, joinAlive, joinGaveUp, markFileReady } from './file-assembly.queries.js';
import { chunksDropped, deleteChunks } from './file-chunks.queries.js';
import { fileById, jobAreaParticipants, lockFileStatus } from './files.queries.js';

class LostChunk extends Error {
  constructor(readonly idx: number) {
    super(`chunk ${idx} is missing from storage`);
  }
}

/** Chunks read ahead of the one being hashed, and parts uploading at once: at most ~17 MiB held. */
const READS_AHEAD = 4;
const PARTS_IN_FLIGHT = 2;

/**
 * Who a job file's completion concerns: the job's poster and hired worker, and the other
 * currently authorized participant to alert (the poster for the worker's file; the worker for the
 * poster's file, only while the worker has access). Personal files concern nobody else.
 */
async function participants(em: EntityManager, file: FileRow): Promise<{ posterId: string | null; workerId: string | null; recipientIds: string[] }> {
  if (file.area !== 'job') return { posterId: null, workerId: null, recipientIds: [] };
  const area = await jobAreaParticipants(em, file.owner_id);
  if (!area) return { posterId: null, workerId: null, recipientIds: [] };
  const recipients = file.uploader_id === area.poster_id ? (area.worker_id && area.worker_access ? [area.worker_id] : []) : [area.poster_id];
  return { posterId: area.poster_id, workerId: area.worker_id, recipientIds: recipients };
}

export type AssemblyResult =
  | { kind: 'ready'; file: FileRow }
  /** The chunks did not make the declared file, or `lostChunk`'s object was gone from storage. */
  | { kind: 'mismatch'; message: string; lostChunk?: number }
  /** The file is no longer an upload to join (deleted, or missing chunks). */
  | { kind: 'skipped'; file: FileRow | null };

/**
 * Joins an upload's chunks, in order, into one object `files/objects/<id>`: read
 * from storage a few chunks ahead and written as S3 multipart parts of at least 5 MiB, two at
 * once (one PUT for a smaller file), so a few parts at most are held in memory, while the sha256
 * and size are computed on the way.
 * A match makes the file ready (once: preview queued, `file.completed` recorded, chunks dropped);
 * a mismatch drops the chunks so the client uploads them again. Safe to run twice.
 */
@Injectable()
export class FileAssembler {
  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * `follow`: the upload may still be going on (the files worker, queued when chunk 0 arrived):
   * chunks not received yet are waited for, so the parts are joined as the chunks come and
   * complete has only the tail left. A join that waits in vain (`idleMs`, FOLLOW_IDLE_MS unless
   * said) gives up (`skipped`) and complete queues a new one.
   */
  async assemble(
    fileId: string,
    opts: { follow?: boolean; idleMs?: number; heartbeat?: () => void; signal?: AbortSignal | undefined } = {},
  ): Promise<AssemblyResult> {
    const heartbeat = opts.heartbeat ?? (() => undefined);
    const signal = opts.signal;
    const file = await fileById(this.ds, fileId);
    if (!file || file.status !== 'uploading') return { kind: 'skipped', file: file ?? null };
    if (file.upload_id) return { kind: 'skipped', file };
    if (file.parts_joined_at) return this.verifyJoined(file, heartbeat);
    const count = chunkCount(file);
    let aliveAt = Date.now();
    // While it runs, the join tells complete it is alive, so no second one is queued.
    const alive = async () => {
      aliveAt = Date.now();
      heartbeat();
      await joinAlive(this.ds, fileId);
    };
    const feed = new ChunkFeed(this.ds, fileId, { follow: opts.follow ?? false, alive, idleMs: opts.idleMs, signal });
    if (!(await feed.keyOf(0))) return this.gaveUp(file, opts.follow);

    const key = assembledObjectKey(fileId);
    const hash = createHash('sha256');
    let total = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let multipart: MultipartUpload | undefined;
    // Reads run ahead of the hash and parts upload while the next ones fill: each round trip to
    // storage overlaps the others instead of adding up. Memory stays bounded by the windows.
    const reads = new Map<number, Promise<Buffer[]>>();
    let readAhead = 0;
    const uploads = new Set<Promise<void>>();
    const track = <T>(p: Promise<T>): Promise<T> => {
      p.catch(() => undefined);
      return p;
    };
    const flush = async () => {
      multipart ??= await this.storage.startMultipart(key, 'application/octet-stream');
      const part = multipart.putPart(pending);
      pending = [];
      pendingBytes = 0;
      const upload = track(part.finally(() => uploads.delete(upload)));
      uploads.add(upload);
      if (Date.now() - aliveAt >= ALIVE_EVERY_MS) await alive();
      else heartbeat();
      if (uploads.size >= PARTS_IN_FLIGHT) await Promise.race(uploads);
    };
    try {
      for (let i = 0; i < count; i++) {
        if (signal?.aborted) throw new Error('assembly stopped; retried');
        // Only chunks already received are read ahead; the next one in order is waited for.
        for (let known = feed.known(readAhead); readAhead < count && readAhead <= i + READS_AHEAD && known; known = feed.known(++readAhead)) {
          reads.set(readAhead, track(this.readChunk(feed, readAhead, known)));
        }
        if (!reads.has(i)) {
          const chunkKey = await feed.keyOf(i);
          if (!chunkKey) {
            await Promise.allSettled([...reads.values(), ...uploads]);
            await multipart?.abort().catch(() => undefined);
            return this.gaveUp(file, opts.follow);
          }
          reads.set(i, track(this.readChunk(feed, i, chunkKey)));
          readAhead = Math.max(readAhead, i + 1);
        }
        const pieces = await reads.get(i)!;
        reads.delete(i);
        for (const piece of pieces) {
          hash.update(piece);
          total += piece.length;
          pendingBytes += piece.length;
        }
        pending.push(...pieces);
        if (pendingBytes >= MIN_PART_BYTES) await flush();
        if (total > Number(file.size)) break;
      }
      await Promise.all(uploads);
      const sha = hash.digest('hex');
      if (total !== Number(file.size) || sha !== file.sha256) {
        await multipart?.abort().catch(() => undefined);
        multipart = undefined;
        const message =
          total !== Number(file.size)
            ? `The chunks add up to ${total} bytes, not the declared ${file.size}; they were dropped: upload every chunk again, then complete.`
            : `The file's sha256 is ${sha}, not the declared ${file.sha256}; the chunks were dropped: upload every chunk again, then complete.`;
        await this.dropChunks(file, message);
        return { kind: 'mismatch', message };
      }
      if (multipart) {
        if (pendingBytes) await flush();
        await Promise.all(uploads);
        await multipart.complete();
      } else {
        await this.storage.put(key, Buffer.concat(pending, pendingBytes), 'application/octet-stream');
      }
      pending = [];
    } catch (err) {
      await Promise.allSettled([...reads.values(), ...uploads]);
      await multipart?.abort().catch(() => undefined);
      if (!(err instanceof LostChunk)) throw err;
      // A chunk recorded whose staged object the gateway removed after all (its answer was lost
      // on the way back): that chunk alone goes, and the client sends it again.
      const message = `Chunk ${err.idx} was lost by storage; send it again, then complete.`;
      await this.dropChunks(file, message, err.idx);
      return { kind: 'mismatch', message, lostChunk: err.idx };
    }
    return this.markReady(file, key);
  }

  /**
   * A direct upload's parts, joined by storage into the file's object: its bytes are read once,
   * streamed through the sha256 (memory stays at a few pieces), and must be the declared size and
   * digest. A mismatch drops the object, so the client sends the parts again.
   */
  private async verifyJoined(file: FileRow, heartbeat: () => void): Promise<AssemblyResult> {
    const key = assembledObjectKey(file.id);
    const object = await this.storage.open(key);
    const hash = createHash('sha256');
    let total = 0;
    if (object) {
      try {
        for await (const piece of object.stream as AsyncIterable<Buffer>) {
          hash.update(piece);
          total += piece.length;
          if (total % MIN_PART_BYTES < piece.length) heartbeat();
        }
      } catch (err) {
        object.stream.destroy();
        throw err;
      }
    }
    const sha = hash.digest('hex');
    if (object && total === Number(file.size) && sha === file.sha256) return this.markReady(file, key);
    const message =
      total !== Number(file.size)
        ? `The parts add up to ${total} bytes, not the declared ${file.size}; they were dropped: ask for new part URLs and send the file again, then complete.`
        : `The file's sha256 is ${sha}, not the declared ${file.sha256}; the parts were dropped: ask for new part URLs and send the file again, then complete.`;
    const dropped = await this.uow.run((em) => failJoinedUpload(em, file.id, message));
    if (dropped) await this.storage.remove(key).catch(() => undefined);
    return { kind: 'mismatch', message };
  }

  /** The join stopped short (chunks missing): complete asks for a new one once they are all in. */
  private async gaveUp(file: FileRow, followed: boolean | undefined): Promise<AssemblyResult> {
    if (followed) await joinGaveUp(this.ds, file.id);
    return { kind: 'skipped', file };
  }

  /**
   * One chunk's bytes (at most FILE_LIMITS.requestBytes) as read, in pieces: they go on to the
   * part as they are, never copied into one buffer. The same bytes sent again replace the
   * chunk's object, so a missing object is looked up once more before it counts as lost.
   */
  private async readChunk(feed: ChunkFeed, idx: number, objectKey: string): Promise<Buffer[]> {
    let object = await this.storage.open(objectKey);
    if (!object) {
      const now = await feed.reload(idx);
      object = now && now !== objectKey ? await this.storage.open(now) : null;
    }
    if (!object) throw new LostChunk(idx);
    const pieces: Buffer[] = [];
    for await (const piece of object.stream as AsyncIterable<Buffer>) pieces.push(piece);
    return pieces;
  }

  private async markReady(file: FileRow, key: string): Promise<AssemblyResult> {
    let chunkKeys: string[] = [];
    const result = await this.uow.run(async (em): Promise<AssemblyResult> => {
      const locked = await fileById(em, file.id, true);
      if (!locked || locked.status !== 'uploading') return { kind: 'skipped', file: locked ?? null };
      const ready = await markFileReady(em, file.id, key);
      // The keys as recorded now: a chunk sent again during the join has a new object.
      const chunks = await deleteChunks(em, file.id);
      chunkKeys = chunks.map((c) => c.object_key);
      await enqueueWork(em, filePreviewQueue, { fileId: file.id });
      await recordEvent(em, fileCompletedV1, {
        fileId: ready.id,
        area: ready.area,
        ownerId: ready.owner_id,
        folder: ready.folder,
        hireId: ready.hire_id,
        uploaderId: ready.uploader_id,
        path: ready.path,
        size: Number(ready.size),
        completedAt: new Date().toISOString(),
        ...(await participants(em, ready)),
      });
      return { kind: 'ready', file: ready };
    });
    // Nothing refers to the chunks any more; a failure only costs space until the file's cleanup.
    if (result.kind === 'ready') this.discard(chunkKeys);
    return result;
  }

  /**
   * After a mismatch: the chunk rows go and their objects after, so the upload starts over (or
   * only chunk `idx`, when that one was lost).
   */
  private async dropChunks(file: FileRow, message: string, idx?: number): Promise<void> {
    const keys = await this.uow.run(async (em) => {
      const locked = await lockFileStatus(em, file.id);
      if (locked?.status !== 'uploading') return [];
      const rows = await deleteChunks(em, file.id, idx);
      await chunksDropped(em, file.id, message);
      return rows.map((r) => r.object_key);
    });
    this.discard(keys);
  }

  private discard(keys: string[]): void {
    void (async () => {
      for (const k of keys) await this.storage.remove(k);
    })().catch((err: unknown) => this.logger.warn({ err }, 'chunk objects not removed; the file cleanup removes them'));
  }
}
