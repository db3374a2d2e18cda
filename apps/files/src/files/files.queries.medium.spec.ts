import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { filesEntities, filesMigrations } from '../files.entities.js';
import { closeMember, deleteMemberFiles, isClosedMember } from './closed-members.queries.js';
import {
  clearAssemblyFailure,
  dropJoinedParts,
  failJoinedUpload,
  forgetUploadId,
  joinAlive,
  joinGaveUp,
  markFileReady,
  partsJoined,
  releaseAssemblyLease,
  renewAssemblyLease,
  requestAssembly,
  setUploadId,
  takeAssemblyLease,
} from './file-assembly.queries.js';
import { chunkKey, chunksDropped, chunksFrom, countReceived, deleteChunks, hasChunks, nextMissingChunk, writeChunk } from './file-chunks.queries.js';
import {
  areaUsageRow,
  expireUploads,
  fileById,
  fileOfArea,
  insertUpload,
  jobAreaParticipants,
  lockArea,
  lockFileStatus,
  markDeleting,
  personalFiles,
  renameFile,
} from './files.queries.js';

/** Medium: the upload path's statements (files, file-chunks, file-assembly and closed-members.queries.ts) against the real files schema. */
describe('the files statements, against a real files schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: filesEntities, migrations: filesMigrations, label: 'files' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const upload = (ownerId: string, path: string, size = 25, chunkBytes = 10) =>
    insertUpload(db.ds, {
      id: randomUUID(),
      area: 'personal',
      ownerId,
      folder: null,
      hireId: null,
      uploaderId: ownerId,
      path,
      size,
      sha256: 'ab'.repeat(32),
      chunkBytes,
      uploadSeconds: 600,
    });
  const column = async (id: string, name: string): Promise<unknown> =>
    (await db.query<{ v: unknown }>(`SELECT ${name} AS v FROM files WHERE id = $1`, [id]))[0]?.v;

  it('creates an upload, reads it by area and id, counts the area, lists and renames', async () => {
    const owner = randomUUID();
    const file = await upload(owner, 'b.bin');
    expect(file).toMatchObject({ area: 'personal', owner_id: owner, status: 'uploading', size: '25', received: '0', chunk_bytes: 10, folder: null });
    expect(file.upload_expires_at).toBeInstanceOf(Date);
    expect(file.upload_expires_at.getTime() - file.created_at.getTime()).toBeCloseTo(600_000, -3);
    // The partial unique index refuses the same path ignoring case.
    await expect(upload(owner, 'B.BIN')).rejects.toMatchObject({ driverError: { code: '23505' } });
    const other = await upload(owner, 'a.bin', 7);

    expect(await fileOfArea(db.ds, 'personal', owner, file.id)).toEqual(file);
    expect(await fileOfArea(db.ds, 'job', owner, file.id)).toBeUndefined();
    expect(await fileOfArea(db.ds, 'personal', randomUUID(), file.id)).toBeUndefined();
    expect(await db.ds.transaction((em) => fileOfArea(em, 'personal', owner, file.id, true))).toEqual(file);
    expect(await fileById(db.ds, other.id)).toEqual(other);
    expect(await fileById(db.ds, randomUUID())).toBeUndefined();
    expect(await db.ds.transaction((em) => lockFileStatus(em, file.id))).toEqual({ status: 'uploading' });

    expect(await areaUsageRow(db.ds, 'personal', owner)).toEqual({ bytes: '32', files: 2 });
    expect(await areaUsageRow(db.ds, 'personal', randomUUID())).toEqual({ bytes: '0', files: 0 });
    await db.ds.transaction(async (em) => {
      await lockArea(em, 'personal', owner);
      const [held] = (await em.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()")) as { n: number }[];
      expect(held?.n).toBe(1);
    });

    expect((await personalFiles(db.ds, owner)).map((f) => f.path)).toEqual(['b.bin', 'a.bin']);
    expect((await renameFile(db.ds, other.id, 'c.bin')).path).toBe('c.bin');
    await markDeleting(db.ds, other.id);
    expect((await fileById(db.ds, other.id))?.status).toBe('deleting');
  });

  it('records chunks (the first bytes win), counts them, finds the next missing and drops them', async () => {
    const owner = randomUUID();
    const file = await upload(owner, 'chunks.bin');
    expect(await nextMissingChunk(db.ds, file.id, 3)).toBe(0);
    expect(await hasChunks(db.ds, file.id)).toBe(false);
    expect(await chunksFrom(db.ds, file.id, 0, true)).toEqual([{ idx: null, object_key: null }]);

    expect(await writeChunk(db.ds, { fileId: file.id, idx: 1, size: 10, sha256: 's1', objectKey: 'k1' })).toEqual({ replaced: null, ok: true });
    expect(await writeChunk(db.ds, { fileId: file.id, idx: 1, size: 10, sha256: 's1', objectKey: 'k1b' })).toEqual({ replaced: 'k1', ok: true });
    expect(await writeChunk(db.ds, { fileId: file.id, idx: 1, size: 10, sha256: 'other', objectKey: 'k1c' })).toEqual({ replaced: 'k1b', ok: false });
    expect(await chunkKey(db.ds, file.id, 1)).toBe('k1b');
    expect(await chunkKey(db.ds, file.id, 0)).toBeNull();
    await writeChunk(db.ds, { fileId: file.id, idx: 0, size: 10, sha256: 's0', objectKey: 'k0' });
    await clearAssemblyFailure(db.ds, file.id);

    await db.query("UPDATE files SET assembly_failure = 'old' WHERE id = $1", [file.id]);
    const counted = await countReceived(db.ds, file.id, 3);
    expect(counted.nextIndex).toBe(2);
    expect(counted.row).toMatchObject({ id: file.id, received: '20', assembly_failure: null, status: 'uploading' });
    expect(counted.row).not.toHaveProperty('next_index');
    expect(await nextMissingChunk(db.ds, file.id, 3)).toBe(2);
    expect(await nextMissingChunk(db.ds, file.id, 2)).toBeNull();
    expect(await hasChunks(db.ds, file.id)).toBe(true);
    expect(await chunksFrom(db.ds, file.id, 1, true)).toEqual([{ idx: 1, object_key: 'k1b' }]);
    expect(await chunksFrom(db.ds, file.id, 0, false)).toEqual([
      { idx: 0, object_key: 'k0' },
      { idx: 1, object_key: 'k1b' },
    ]);
    // Past its transfer time a following join sees no upload at all; one that does not follow still reads it.
    await db.query("UPDATE files SET upload_expires_at = now() - interval '1 second' WHERE id = $1", [file.id]);
    expect(await chunksFrom(db.ds, file.id, 0, true)).toEqual([]);
    expect(await chunksFrom(db.ds, file.id, 0, false)).toHaveLength(2);

    expect(await deleteChunks(db.ds, file.id, 1)).toEqual([{ object_key: 'k1b' }]);
    await chunksDropped(db.ds, file.id, 'lost');
    expect(await column(file.id, 'received')).toBe('10');
    expect(await column(file.id, 'assembly_failure')).toBe('lost');
    expect(await deleteChunks(db.ds, file.id)).toEqual([{ object_key: 'k0' }]);
    await chunksDropped(db.ds, file.id, 'mismatch');
    expect(await column(file.id, 'received')).toBe('0');
    await clearAssemblyFailure(db.ds, file.id);
    expect(await column(file.id, 'assembly_failure')).toBeNull();
  });

  it('takes, renews and gives back the join lease, and makes the file ready', async () => {
    const owner = randomUUID();
    const file = await upload(owner, 'lease.bin');
    await joinAlive(db.ds, file.id);
    expect(await column(file.id, 'assembly_requested_at')).toBeNull();
    expect(await takeAssemblyLease(db.ds, file.id, 15)).toBe(true);
    expect(await takeAssemblyLease(db.ds, file.id, 15)).toBe(false);
    await db.query("UPDATE files SET assembly_requested_at = now() - interval '20 seconds' WHERE id = $1", [file.id]);
    expect(await takeAssemblyLease(db.ds, file.id, 15)).toBe(true);
    await db.query("UPDATE files SET assembly_requested_at = now() - interval '20 seconds' WHERE id = $1", [file.id]);
    await joinAlive(db.ds, file.id);
    expect(await takeAssemblyLease(db.ds, file.id, 15)).toBe(false);
    await db.query("UPDATE files SET assembly_requested_at = now() - interval '20 seconds' WHERE id = $1", [file.id]);
    await renewAssemblyLease(db.ds, file.id);
    expect(await takeAssemblyLease(db.ds, file.id, 15)).toBe(false);
    await joinGaveUp(db.ds, file.id);
    expect(await column(file.id, 'assembly_requested_at')).toBeNull();
    await requestAssembly(db.ds, file.id);
    expect(await column(file.id, 'assembly_requested_at')).toBeInstanceOf(Date);
    await releaseAssemblyLease(db.ds, file.id);
    expect(await column(file.id, 'assembly_requested_at')).toBeNull();

    await writeChunk(db.ds, { fileId: file.id, idx: 0, size: 10, sha256: 's0', objectKey: 'k0' });
    await requestAssembly(db.ds, file.id);
    const ready = await markFileReady(db.ds, file.id, `files/objects/${file.id}`);
    expect(ready).toMatchObject({
      status: 'ready',
      object_key: `files/objects/${file.id}`,
      received: '25',
      assembly_requested_at: null,
      assembly_failure: null,
    });
    expect(ready.completed_at).toBeInstanceOf(Date);
    // Not uploading any more: the lease and the direct-upload statements leave it alone.
    expect(await takeAssemblyLease(db.ds, file.id, 15)).toBe(false);
    expect(await failJoinedUpload(db.ds, file.id, 'x')).toBe(false);
    expect(await partsJoined(db.ds, file.id, 25)).toBeUndefined();
  });

  it("keeps a direct upload's multipart id, joins its parts, and drops them", async () => {
    const owner = randomUUID();
    const file = await upload(owner, 'direct.bin');
    expect((await setUploadId(db.ds, file.id, 'up-1')).upload_id).toBe('up-1');
    await forgetUploadId(db.ds, file.id, 'up-other');
    expect(await column(file.id, 'upload_id')).toBe('up-1');
    await forgetUploadId(db.ds, file.id, 'up-1');
    expect(await column(file.id, 'upload_id')).toBeNull();
    await setUploadId(db.ds, file.id, 'up-2');
    const joined = await partsJoined(db.ds, file.id, 25);
    expect(joined).toMatchObject({ upload_id: null, received: '25' });
    expect(joined?.parts_joined_at).toBeInstanceOf(Date);
    await dropJoinedParts(db.ds, file.id);
    expect(await column(file.id, 'parts_joined_at')).toBeNull();
    await partsJoined(db.ds, file.id, 25);
    await requestAssembly(db.ds, file.id);
    expect(await failJoinedUpload(db.ds, file.id, 'sha256 differs')).toBe(true);
    expect(await fileById(db.ds, file.id)).toMatchObject({
      upload_id: null,
      parts_joined_at: null,
      received: '0',
      assembly_requested_at: null,
      assembly_failure: 'sha256 differs',
    });
  });

  it("closes a deleted member's areas, and expires abandoned uploads oldest first", async () => {
    const member = randomUUID();
    const jobId = randomUUID();
    expect(await isClosedMember(db.ds, member)).toBe(false);
    await closeMember(db.ds, member, '2026-01-02T03:04:05.000Z');
    await closeMember(db.ds, member, '2027-01-01T00:00:00.000Z');
    expect(await isClosedMember(db.ds, member)).toBe(true);
    expect(await db.query('SELECT closed_at FROM closed_members WHERE member_id = $1', [member])).toEqual([
      { closed_at: new Date('2026-01-02T03:04:05.000Z') },
    ]);

    await db.query('INSERT INTO job_areas (job_id, poster_id, worker_id, worker_access) VALUES ($1, $2, $3, true)', [jobId, member, randomUUID()]);
    expect(await jobAreaParticipants(db.ds, jobId)).toEqual({ poster_id: member, worker_id: expect.any(String), worker_access: true });
    expect(await jobAreaParticipants(db.ds, randomUUID())).toBeUndefined();
    const personal = await upload(member, 'mine.bin');
    const gone = await upload(member, 'gone.bin');
    await markDeleting(db.ds, gone.id);
    const jobFile = await insertUpload(db.ds, {
      id: randomUUID(),
      area: 'job',
      ownerId: jobId,
      folder: 'poster',
      hireId: null,
      uploaderId: member,
      path: 'job.bin',
      size: 1,
      sha256: 'x',
      chunkBytes: 10,
      uploadSeconds: 600,
    });
    const someoneElse = await upload(randomUUID(), 'theirs.bin');
    const deleted = (await deleteMemberFiles(db.ds, member)).map((r) => r.id).sort();
    expect(deleted).toEqual([personal.id, jobFile.id].sort());
    expect((await fileById(db.ds, someoneElse.id))?.status).toBe('uploading');

    const stale = await upload(randomUUID(), 'stale.bin');
    const staler = await upload(randomUUID(), 'staler.bin');
    const joining = await upload(randomUUID(), 'joining.bin');
    await db.query("UPDATE files SET upload_expires_at = now() - interval '1 minute' WHERE id = $1", [stale.id]);
    await db.query("UPDATE files SET upload_expires_at = now() - interval '2 minutes' WHERE id = $1", [staler.id]);
    await db.query("UPDATE files SET upload_expires_at = now() - interval '3 minutes', assembly_requested_at = now() WHERE id = $1", [joining.id]);
    // Other tests' expired uploads may be swept too; these are the ones asked about.
    const first = await expireUploads(db.ds, 900, 1);
    expect(first).toHaveLength(1);
    const all = [...first, ...(await expireUploads(db.ds, 900, 200))].map((r) => r.id);
    expect(all.indexOf(staler.id)).toBeLessThan(all.indexOf(stale.id));
    expect(all).toContain(stale.id);
    expect(all).not.toContain(joining.id);
    expect((await fileById(db.ds, stale.id))?.status).toBe('deleting');
    expect(await expireUploads(db.ds, 60, 200)).toEqual([]);
    await db.query("UPDATE files SET assembly_requested_at = now() - interval '2 minutes' WHERE id = $1", [joining.id]);
    expect(await expireUploads(db.ds, 60, 200)).toEqual([{ id: joining.id }]);
  });
});
