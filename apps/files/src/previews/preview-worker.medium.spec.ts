import { randomUUID } from 'node:crypto';

import type { Logger, ObjectStorage, WorkContext } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { filesEntities, filesMigrations } from '../files.entities.js';
import { PreviewWorker } from './preview.worker.js';
import { claimPreview, fileToPreview, isReadyFile, previewState, savePreview } from './previews.queries.js';

/**
 * Medium: the preview worker against the real files schema, object storage faked in memory. A
 * file deleted while its preview was being made is done with (no retry, no warning); a ready file
 * whose object is missing is still an error, retried.
 */
class FakeStorage {
  /** Runs as the object is read: what happens meanwhile elsewhere. */
  meanwhile: () => Promise<void> = async () => undefined;
  async read(): Promise<Buffer | null> {
    await this.meanwhile();
    return null;
  }
  async put(): Promise<void> {
    throw new Error('no preview should be stored');
  }
  async remove(): Promise<void> {
    /* nothing stored */
  }
}

const work: WorkContext = { id: 'w', attempt: 1, signal: new AbortController().signal, heartbeat: () => undefined };
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined } as unknown as Logger;

describe('making a preview on the files schema', () => {
  let db: ServiceSchema;
  let storage: FakeStorage;
  let worker: PreviewWorker;
  const owner = randomUUID();

  async function readyFile(): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO files (id, area, owner_id, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, 'personal', $2, $2, $3, 100, 'x', 262144, 100, 'ready', $4, now())`,
      [id, owner, `p-${id}.png`, `files/objects/${id}`],
    );
    return id;
  }

  beforeAll(async () => {
    db = await openServiceSchema({ entities: filesEntities, migrations: filesMigrations, label: 'files-previews' });
    storage = new FakeStorage();
    worker = new PreviewWorker(db.ds, storage as unknown as ObjectStorage, quiet);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a file deleted while its object was read is done with', async () => {
    const id = await readyFile();
    storage.meanwhile = async () => {
      await db.query(`UPDATE files SET status = 'deleting' WHERE id = $1`, [id]);
    };
    await expect(worker.run({ fileId: id }, work)).resolves.toBeUndefined();
    expect(await db.query('SELECT 1 FROM file_previews WHERE file_id = $1', [id])).toHaveLength(0);
  });

  it('a ready file whose object is missing fails, to be retried', async () => {
    const id = await readyFile();
    storage.meanwhile = async () => undefined;
    await expect(worker.run({ fileId: id }, work)).rejects.toThrow(/is ready but its object/);
  });
  it('the preview statements (previews.queries.ts): read the file, claim once per window, save, read back', async () => {
    const id = await readyFile();
    expect(await fileToPreview(db.ds, id)).toEqual({ size: '100', status: 'ready', object_key: `files/objects/${id}`, kind: null });
    expect(await fileToPreview(db.ds, randomUUID())).toBeUndefined();
    expect(await isReadyFile(db.ds, id)).toBe(true);
    expect(await db.ds.transaction((em) => isReadyFile(em, id, true))).toBe(true);
    expect(await previewState(db.ds, id, 120)).toBeUndefined();

    expect(await claimPreview(db.ds, id, 120)).toBe(true);
    expect(await claimPreview(db.ds, id, 120)).toBe(false);
    expect(await previewState(db.ds, id, 120)).toEqual({ kind: 'pending', mime_type: null, object_key: null, reason: null, stale: false });
    await db.query("UPDATE file_previews SET requested_at = now() - interval '200 seconds' WHERE file_id = $1", [id]);
    expect((await previewState(db.ds, id, 120))?.stale).toBe(true);
    expect(await claimPreview(db.ds, id, 120)).toBe(true);

    await savePreview(db.ds, { fileId: id, kind: 'image', mimeType: 'image/png', objectKey: `files/previews/${id}`, reason: null });
    expect(await previewState(db.ds, id, 120)).toEqual({
      kind: 'image',
      mime_type: 'image/png',
      object_key: `files/previews/${id}`,
      reason: null,
      stale: false,
    });
    expect((await fileToPreview(db.ds, id))?.kind).toBe('image');
    const [made] = await db.query<{ made_at: Date | null }>('SELECT made_at FROM file_previews WHERE file_id = $1', [id]);
    expect(made?.made_at).toBeInstanceOf(Date);
    // An image is asked for again at once (its object was missing), whatever the window.
    expect(await claimPreview(db.ds, id, 120)).toBe(true);
    expect((await previewState(db.ds, id, 120))?.kind).toBe('pending');
    await savePreview(db.ds, { fileId: id, kind: 'unavailable', mimeType: null, objectKey: null, reason: 'Not an image.' });
    expect(await previewState(db.ds, id, 120)).toMatchObject({ kind: 'unavailable', reason: 'Not an image.', object_key: null });
    expect(await claimPreview(db.ds, id, 120)).toBe(false);

    await db.query(`UPDATE files SET status = 'deleting' WHERE id = $1`, [id]);
    expect(await isReadyFile(db.ds, id)).toBe(false);
  });
});
