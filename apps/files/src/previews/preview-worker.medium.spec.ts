import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger, ObjectStorage, WorkContext } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { filesEntities, filesMigrations } from '../files.entities.js';
import { PreviewWorker } from './preview.worker.js';

/**
 * Medium: the preview worker against the real files schema, object storage faked in memory. A
 * file deleted while its preview was being made is done with (no retry, no warning); a ready file
 * whose object is missing is still an error, retried.
 */
class FakeStorage {
  /** Runs as the object is read: what happens meanwhile elsewhere. */
  meanwhile: () => Promise<void> = async () => undefined;
  async read(): Promise<Buffer | null> { await this.meanwhile(); return null; }
  async put(): Promise<void> { throw new Error('no preview should be stored'); }
  async remove(): Promise<void> { /* nothing stored */ }
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
    await db.query(`INSERT INTO files (id, area, owner_id, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, 'personal', $2, $2, $3, 100, 'x', 262144, 100, 'ready', $4, now())`, [id, owner, `p-${id}.png`, `files/objects/${id}`]);
    return id;
  }

  beforeAll(async () => {
    db = await openServiceSchema({ entities: filesEntities, migrations: filesMigrations, label: 'files-previews' });
    storage = new FakeStorage();
    worker = new PreviewWorker(db.ds, storage as unknown as ObjectStorage, quiet);
  });
  afterAll(async () => { await db?.drop(); });

  it('a file deleted while its object was read is done with', async () => {
    const id = await readyFile();
    storage.meanwhile = async () => { await db.query(`UPDATE files SET status = 'deleting' WHERE id = $1`, [id]); };
    await expect(worker.run({ fileId: id }, work)).resolves.toBeUndefined();
    expect(await db.query('SELECT 1 FROM file_previews WHERE file_id = $1', [id])).toHaveLength(0);
  });

  it('a ready file whose object is missing fails, to be retried', async () => {
    const id = await readyFile();
    storage.meanwhile = async () => undefined;
    await expect(worker.run({ fileId: id }, work)).rejects.toThrow(/is ready but its object/);
  });
});
