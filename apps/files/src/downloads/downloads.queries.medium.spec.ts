import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { filesEntities, filesMigrations } from '../files.entities.js';
import { grantedObject, insertDownloadGrant, pruneExpiredGrants, storedFileOfArea } from './downloads.queries.js';

/** Medium: the download statements (downloads.queries.ts) against the real files schema. */
describe('the download statements, against a real files schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: filesEntities, migrations: filesMigrations, label: 'files-downloads' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function file(area: 'personal' | 'job', ownerId: string, status = 'ready'): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO files (id, area, owner_id, folder, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, $2, $3, $4, $3, $5, 1234, 'x', 262144, 1234, $6, $7, now())`,
      [id, area, ownerId, area === 'job' ? 'poster' : null, `d-${id}.bin`, status, status === 'ready' ? `files/objects/${id}` : null],
    );
    return id;
  }

  it('reads a file of one area only, with its size as the bigint text it is', async () => {
    const owner = randomUUID();
    const id = await file('personal', owner);
    expect(await storedFileOfArea(db.ds, 'personal', owner, id)).toEqual({
      id,
      path: `d-${id}.bin`,
      size: '1234',
      status: 'ready',
      object_key: `files/objects/${id}`,
      folder: null,
      hire_id: null,
    });
    expect(await storedFileOfArea(db.ds, 'job', owner, id)).toBeUndefined();
    expect(await storedFileOfArea(db.ds, 'personal', randomUUID(), id)).toBeUndefined();
    const job = randomUUID();
    const jobFile = await file('job', job);
    expect(await storedFileOfArea(db.ds, 'job', job, jobFile)).toMatchObject({ id: jobFile, folder: 'poster' });
  });

  it('a grant opens its ready file until it expires; expired grants are pruned a few at a time', async () => {
    const owner = randomUUID();
    const id = await file('personal', owner);
    await insertDownloadGrant(db.ds, { tokenHash: 'a'.repeat(64), fileId: id, expiresAt: new Date(Date.now() + 60_000) });
    expect(await grantedObject(db.ds, 'a'.repeat(64))).toEqual({ object_key: `files/objects/${id}`, path: `d-${id}.bin` });
    expect(await grantedObject(db.ds, 'b'.repeat(64))).toBeUndefined();
    await db.query(`UPDATE files SET status = 'deleting' WHERE id = $1`, [id]);
    expect(await grantedObject(db.ds, 'a'.repeat(64))).toBeUndefined();
    await db.query(`UPDATE files SET status = 'ready' WHERE id = $1`, [id]);

    await insertDownloadGrant(db.ds, { tokenHash: 'c'.repeat(64), fileId: id, expiresAt: new Date(Date.now() - 1000) });
    expect(await grantedObject(db.ds, 'c'.repeat(64))).toBeUndefined();
    for (let i = 0; i < 52; i++) {
      await insertDownloadGrant(db.ds, { tokenHash: i.toString(16).padStart(64, 'e'), fileId: id, expiresAt: new Date(Date.now() - 120_000) });
    }
    // Expired under a minute ago: kept for now; the 52 older ones go at most 50 a call.
    expect(await pruneExpiredGrants(db.ds)).toBe(50);
    expect(await pruneExpiredGrants(db.ds)).toBe(2);
    expect(await pruneExpiredGrants(db.ds)).toBe(0);
    const left = await db.query<{ token_hash: string }>('SELECT token_hash FROM download_grants WHERE file_id = $1 ORDER BY token_hash', [id]);
    expect(left.map((r) => r.token_hash)).toEqual(['a'.repeat(64), 'c'.repeat(64)]);
  });
});
