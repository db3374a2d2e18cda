import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Logger, ObjectStorage } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { filesEntities, filesMigrations } from '../files.entities.js';
import { FileAssembler } from './file-assembler.js';

/**
 * Medium: the join that follows an upload, against the real files schema, with object storage
 * faked in memory (multipart parts recorded as they are sent).
 */
class FakeStorage {
  readonly objects = new Map<string, Buffer>();
  readonly parts: number[] = [];
  aborted = 0;
  async open(key: string) {
    const bytes = this.objects.get(key);
    return bytes ? { size: bytes.length, contentType: 'application/octet-stream', stream: Readable.from([bytes]) } : null;
  }
  async put(key: string, data: Buffer) {
    this.objects.set(key, data);
  }
  async remove(key: string) {
    this.objects.delete(key);
  }
  async startMultipart(key: string) {
    const sent: Buffer[] = [];
    return {
      putPart: async (pieces: readonly Buffer[]) => {
        const part = Buffer.concat(pieces);
        this.parts.push(part.length);
        sent.push(part);
      },
      complete: async () => {
        this.objects.set(key, Buffer.concat(sent));
      },
      abort: async () => {
        this.aborted++;
      },
    };
  }
}

const CHUNK = 524_288;
const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('a join that follows an upload', () => {
  let db: ServiceSchema;
  let storage: FakeStorage;
  let assembler: FileAssembler;

  /** An upload of `data` in 512 KiB chunks, its join already asked for (as chunk 0 does). */
  async function upload(data: Buffer): Promise<{ id: string; send: (idx: number) => Promise<void> }> {
    const id = randomUUID();
    const owner = randomUUID();
    await db.query(
      `INSERT INTO files (id, area, owner_id, uploader_id, path, size, sha256, chunk_bytes, received, status, upload_expires_at, assembly_requested_at)
      VALUES ($1, 'personal', $2, $2, $3, $4, $5, $6, 0, 'uploading', now() + interval '600 seconds', now())`,
      [id, owner, `f-${id}.bin`, data.length, sha(data), CHUNK],
    );
    const send = async (idx: number) => {
      const bytes = data.subarray(idx * CHUNK, (idx + 1) * CHUNK);
      const key = `staging/${randomUUID()}`;
      storage.objects.set(key, Buffer.from(bytes));
      await db.query('INSERT INTO file_chunks (file_id, idx, size, sha256, object_key) VALUES ($1, $2, $3, $4, $5)', [id, idx, bytes.length, sha(bytes), key]);
    };
    return { id, send };
  }

  beforeAll(async () => {
    db = await openServiceSchema({ entities: filesEntities, migrations: filesMigrations, label: 'files' });
    storage = new FakeStorage();
    assembler = new FileAssembler(db.ds, db.uow, storage as unknown as ObjectStorage, quiet);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('joins each part as its chunks arrive, and the file is ready once the last one is in', async () => {
    const data = randomBytes(11 * CHUNK + 1000);
    const { id, send } = await upload(data);
    for (let i = 0; i < 3; i++) await send(i);
    storage.parts.length = 0;
    const joined = assembler.assemble(id, { follow: true, idleMs: 5000 });
    for (let i = 3; i < 11; i++) {
      await sleep(20);
      await send(i);
    }
    // The first 5 MiB part went to storage while the upload was still missing its last chunk.
    await until(() => storage.parts.length === 1, { timeoutMs: 5000, what: 'the first part' });
    await send(11);
    const result = await joined;
    expect(result.kind).toBe('ready');
    expect(storage.parts).toEqual([10 * CHUNK, CHUNK + 1000]);
    expect(storage.objects.get(`files/objects/${id}`)?.equals(data)).toBe(true);
    expect(await db.query('SELECT 1 FROM file_chunks WHERE file_id = $1', [id])).toHaveLength(0);
    expect((await db.query<{ status: string }>('SELECT status FROM files WHERE id = $1', [id]))[0]?.status).toBe('ready');
  });

  it('gives up when the next chunk does not come, so complete queues a join of its own', async () => {
    const data = randomBytes(11 * CHUNK);
    const { id, send } = await upload(data);
    for (let i = 0; i < 2; i++) await send(i);
    const result = await assembler.assemble(id, { follow: true, idleMs: 300 });
    expect(result.kind).toBe('skipped');
    const [row] = await db.query<{ status: string; assembly_requested_at: Date | null }>('SELECT status, assembly_requested_at FROM files WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'uploading', assembly_requested_at: null });
    expect(await db.query('SELECT 1 FROM file_chunks WHERE file_id = $1', [id])).toHaveLength(2);
  });

  it('without following, a missing chunk stops the join at once and leaves the request alone', async () => {
    const data = randomBytes(3 * CHUNK);
    const { id, send } = await upload(data);
    await send(0);
    await send(2);
    // Given ten minutes to wait for chunk 1, a join that is not following must not take them: it
    // stops at the gap (a following one would still be waiting when the test times out).
    expect((await assembler.assemble(id, { idleMs: 600_000 })).kind).toBe('skipped');
    const [row] = await db.query<{ assembly_requested_at: Date | null }>('SELECT assembly_requested_at FROM files WHERE id = $1', [id]);
    expect(row?.assembly_requested_at).not.toBeNull();
  });
});
