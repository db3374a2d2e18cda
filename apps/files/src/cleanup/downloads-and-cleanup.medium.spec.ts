import { randomUUID } from 'node:crypto';

import { AppError, type Caller } from '@marketplace/contracts';
import type { HandlerContext, ObjectStorage, WorkContext } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DownloadMyFileHandler } from '../downloads/download-my-file.handler.js';
import { GetFileDownloadHandler } from '../downloads/get-file-download.handler.js';
import { filesEntities, filesMigrations } from '../files.entities.js';
import { chunkObjects, deleteFileRows, fileToClean } from './cleanup.queries.js';
import { CleanupWorker } from './cleanup.worker.js';

/**
 * Medium: download grants and cleanup against the real files schema (the upload path's tables
 * and this slice's), with object storage faked in memory.
 */
class FakeStorage {
  readonly objects = new Set<string>();
  failing = false;
  async presignGet(key: string, seconds: number) {
    return `https://storage.test/${key}?X-Amz-Expires=${seconds}`;
  }
  async list(prefix: string) {
    this.check();
    return [...this.objects].filter((k) => k.startsWith(prefix));
  }
  async remove(key: string) {
    this.check();
    this.objects.delete(key);
  }
  private check() {
    if (this.failing) throw AppError.unavailable('File storage is unavailable.');
  }
}

function ctxFor(memberId: string): HandlerContext {
  const caller: Caller = { memberId, via: 'key', scopes: ['agent:read'], staff: false, emailVerified: true };
  return { requestId: randomUUID(), caller, surface: 'rest' };
}

const work: WorkContext = { id: 'w', attempt: 1, signal: new AbortController().signal, heartbeat: () => undefined };

describe('downloads and cleanup on the files schema', () => {
  let db: ServiceSchema;
  let storage: FakeStorage;
  let download: DownloadMyFileHandler;
  let serve: GetFileDownloadHandler;
  let cleanup: CleanupWorker;
  const owner = randomUUID();

  async function file(size: number, status = 'ready'): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO files (id, area, owner_id, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, 'personal', $2, $2, $3, $4, 'x', 262144, $4, $5, $6, now())`,
      [id, owner, `f-${id}.bin`, size, status, status === 'uploading' ? null : `files/objects/${id}`],
    );
    return id;
  }

  beforeAll(async () => {
    db = await openServiceSchema({ entities: filesEntities, migrations: filesMigrations, label: 'files' });
    storage = new FakeStorage();
    download = new DownloadMyFileHandler(db.ds, storage as unknown as ObjectStorage);
    serve = new GetFileDownloadHandler(db.ds);
    cleanup = new CleanupWorker(db.ds, storage as unknown as ObjectStorage);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a proxied link opens its file until it expires; the row holds only the hash', async () => {
    const id = await file(1000);
    const link = await download.handle({ fileId: id }, ctxFor(owner));
    expect(link).toMatchObject({ proxied: true, size: 1000 });
    const token = link.url.split('/').pop()!;
    expect(await serve.handle({ token })).toEqual({
      key: `files/objects/${id}`,
      contentType: 'application/octet-stream',
      cacheControl: 'private, no-store',
      fileName: `f-${id}.bin`,
    });
    const rows = await db.query<{ token_hash: string }>('SELECT token_hash FROM download_grants WHERE file_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    await db.query("UPDATE download_grants SET expires_at = now() - interval '1 second' WHERE file_id = $1", [id]);
    await expect(serve.handle({ token })).rejects.toMatchObject({ status: 404 });
  });

  it('large files get a presigned link; others, uploading and closed areas are refused', async () => {
    const big = await file(4_194_305);
    expect(await download.handle({ fileId: big }, ctxFor(owner))).toMatchObject({ proxied: false, url: expect.stringContaining('X-Amz-Expires=300') });
    await expect(download.handle({ fileId: big }, ctxFor(randomUUID()))).rejects.toMatchObject({ status: 404 });
    await expect(download.handle({ fileId: await file(5, 'uploading') }, ctxFor(owner))).rejects.toMatchObject({ status: 409 });
    const closedOwner = randomUUID();
    const id = randomUUID();
    await db.query(
      `INSERT INTO files (id, area, owner_id, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, 'personal', $2, $2, 'a.bin', 1, 'x', 262144, 1, 'ready', 'k', now())`,
      [id, closedOwner],
    );
    await db.query('INSERT INTO closed_members (member_id) VALUES ($1)', [closedOwner]);
    await expect(download.handle({ fileId: id }, ctxFor(closedOwner))).rejects.toMatchObject({ status: 409 });
  });

  it('cleanup keeps every row while storage fails, then removes objects before rows', async () => {
    const id = await file(10);
    await download.handle({ fileId: id }, ctxFor(owner));
    for (const key of [`files/chunks/${id}/0`, `files/chunks/${id}/1`, `files/objects/${id}`, `files/previews/${id}`, 'files/objects/other'])
      storage.objects.add(key);
    await db.query("INSERT INTO file_chunks (file_id, idx, size, sha256, object_key) VALUES ($1, 0, 5, 'x', 'k0'), ($1, 1, 5, 'x', 'k1')", [id]);
    await db.query("INSERT INTO file_previews (file_id, kind) VALUES ($1, 'unavailable')", [id]);

    // Not deleting: nothing happens.
    await cleanup.run({ fileId: id }, work);
    expect(storage.objects.has(`files/objects/${id}`)).toBe(true);

    await db.query("UPDATE files SET status = 'deleting' WHERE id = $1", [id]);
    storage.failing = true;
    await expect(cleanup.run({ fileId: id }, work)).rejects.toMatchObject({ status: 503 });
    expect(await db.query('SELECT 1 FROM files WHERE id = $1', [id])).toHaveLength(1);
    expect(await db.query('SELECT 1 FROM file_chunks WHERE file_id = $1', [id])).toHaveLength(2);

    storage.failing = false;
    await cleanup.run({ fileId: id }, work);
    expect([...storage.objects]).toEqual(['files/objects/other']);
    for (const table of ['files WHERE id', 'file_chunks WHERE file_id', 'file_previews WHERE file_id', 'download_grants WHERE file_id']) {
      expect(await db.query(`SELECT 1 FROM ${table} = $1`, [id])).toHaveLength(0);
    }
    // Repeating it (a redelivered item) is harmless.
    await cleanup.run({ fileId: id }, work);
  });
  it('the cleanup statements (cleanup.queries.ts): the file, its chunks, its rows removed only while deleting', async () => {
    const id = await file(10);
    await db.query("INSERT INTO file_chunks (file_id, idx, size, sha256, object_key) VALUES ($1, 0, 5, 'x', 'c0'), ($1, 1, 5, 'x', 'c1')", [id]);
    await db.query("INSERT INTO file_previews (file_id, kind) VALUES ($1, 'pending')", [id]);
    await db.query('INSERT INTO download_grants (token_hash, file_id, expires_at) VALUES ($1, $2, now())', ['g'.repeat(64), id]);
    expect(await fileToClean(db.ds, id)).toEqual({ status: 'ready', upload_id: null });
    expect(await fileToClean(db.ds, randomUUID())).toBeUndefined();
    expect((await chunkObjects(db.ds, id)).map((c) => c.object_key).sort()).toEqual(['c0', 'c1']);

    expect(await db.ds.transaction((em) => deleteFileRows(em, id))).toBe(false);
    expect(await db.query('SELECT 1 FROM file_chunks WHERE file_id = $1', [id])).toHaveLength(2);
    await db.query("UPDATE files SET status = 'deleting', upload_id = 'up' WHERE id = $1", [id]);
    expect(await fileToClean(db.ds, id)).toEqual({ status: 'deleting', upload_id: 'up' });
    expect(await db.ds.transaction((em) => deleteFileRows(em, id))).toBe(true);
    for (const table of ['files WHERE id', 'file_chunks WHERE file_id', 'file_previews WHERE file_id', 'download_grants WHERE file_id']) {
      expect(await db.query(`SELECT 1 FROM ${table} = $1`, [id])).toHaveLength(0);
    }
    expect(await chunkObjects(db.ds, id)).toEqual([]);
  });
});
