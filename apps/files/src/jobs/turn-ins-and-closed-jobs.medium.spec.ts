import { randomUUID } from 'node:crypto';

import type { EventEnvelope } from '@marketplace/contracts';
import { type Logger, ObjectStorage } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { filesEntities, filesMigrations } from '../files.entities.js';
import { FilesMemberDeletedConsumer } from '../files/member-deleted.consumer.js';
import { UploadExpirySweeper } from '../files/upload-expiry.sweeper.js';
import {
  confirmTurnIns,
  jobAreaFiles,
  lockHireFiles,
  lockJobArea,
  releaseProvisionalTurnIns,
  revokeHireAccess,
  setWorkerAccess,
  syncJobArea,
  turnInProvisionally,
} from './jobs.queries.js';
import { FilesWorkSubmittedConsumer, LockWorkerFilesHandler, ReleaseWorkerFilesHandler } from './lock-worker-files.handler.js';

/**
 * Medium: turning files in with a submission (provisional until work.submitted, released when
 * the submission fails or never commits) and a deleted poster's job files, on the real files schema.
 */
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;

function envelope<T>(payload: T): EventEnvelope<T> {
  return { id: randomUUID(), type: 'test', version: 1, occurredAt: new Date().toISOString(), payload } as unknown as EventEnvelope<T>;
}

describe('turned-in files and closed job areas on the files schema', () => {
  let db: ServiceSchema;
  let lock: LockWorkerFilesHandler;
  let release: ReleaseWorkerFilesHandler;
  let sweeper: UploadExpirySweeper;
  const jobId = randomUUID();
  const posterId = randomUUID();
  const workerId = randomUUID();
  const hireId = randomUUID();

  async function workerFile(): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO files (id, area, owner_id, folder, hire_id, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, 'job', $2, 'worker', $3, $4, $5, 10, 'x', 262144, 10, 'ready', $6, now())`,
      [id, jobId, hireId, workerId, `w-${id}.bin`, `files/objects/${id}`],
    );
    return id;
  }
  const turnedIn = async (id: string) =>
    (
      await db.query<{ turned_in_at: Date | null; turn_in_pending_until: Date | null }>('SELECT turned_in_at, turn_in_pending_until FROM files WHERE id = $1', [
        id,
      ])
    )[0]!;
  const inTx = <T>(work: (em: EntityManager) => Promise<T>) => db.ds.transaction(work);

  beforeAll(async () => {
    db = await openServiceSchema({ entities: filesEntities, migrations: filesMigrations, label: 'files' });
    lock = new LockWorkerFilesHandler(db.uow);
    release = new ReleaseWorkerFilesHandler(db.uow);
    // No store: these tests run the rows' sweep (sweepOnce) alone.
    sweeper = new UploadExpirySweeper(db.uow, quiet, ObjectStorage.fromEnv({}));
    await db.query('INSERT INTO job_areas (job_id, poster_id, hire_id, worker_id, worker_access) VALUES ($1, $2, $3, $4, true)', [
      jobId,
      posterId,
      hireId,
      workerId,
    ]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a submission that fails releases the files it turned in; one turned in for good stays', async () => {
    const [kept, failed] = [await workerFile(), await workerFile()];
    const first = randomUUID();
    await lock.handle({ jobId, hireId, workerId, submissionId: first, fileIds: [kept] });
    await inTx((em) =>
      new FilesWorkSubmittedConsumer().apply(
        envelope({
          jobId,
          applicationId: hireId,
          title: 't',
          posterId,
          workerId,
          actorId: workerId,
          at: new Date().toISOString(),
          round: 1,
          fileIds: [kept],
        }),
        em,
      ),
    );

    const second = randomUUID();
    const answer = await lock.handle({ jobId, hireId, workerId, submissionId: second, fileIds: [failed, kept] });
    expect(answer.files.map((f) => f.id)).toEqual([failed, kept]);
    expect((await turnedIn(failed)).turned_in_at).not.toBeNull();

    expect(await release.handle({ submissionId: second })).toEqual({ released: 1 });
    expect((await turnedIn(failed)).turned_in_at).toBeNull();
    expect(await turnedIn(kept)).toMatchObject({ turned_in_at: expect.any(Date), turn_in_pending_until: null });
  });

  it('the sweep releases a turn-in whose submission never committed; work.submitted arriving late locks it again', async () => {
    const id = await workerFile();
    await lock.handle({ jobId, hireId, workerId, submissionId: randomUUID(), fileIds: [id] });
    expect(await sweeper.sweepOnce()).toBe(0);
    expect((await turnedIn(id)).turned_in_at).not.toBeNull();

    await db.query("UPDATE files SET turn_in_pending_until = now() - interval '1 second' WHERE id = $1", [id]);
    await sweeper.sweepOnce();
    expect((await turnedIn(id)).turned_in_at).toBeNull();

    await inTx((em) =>
      new FilesWorkSubmittedConsumer().apply(
        envelope({
          jobId,
          applicationId: hireId,
          title: 't',
          posterId,
          workerId,
          actorId: workerId,
          at: new Date().toISOString(),
          round: 2,
          fileIds: [id],
        }),
        em,
      ),
    );
    expect(await turnedIn(id)).toMatchObject({ turned_in_at: expect.any(Date), turn_in_pending_until: null });
  });

  it("a poster's account deletion moves their jobs' files to deleting with cleanup queued", async () => {
    const posterOwn = randomUUID();
    await db.query(
      `INSERT INTO files (id, area, owner_id, folder, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, 'job', $2, 'poster', $3, 'brief.txt', 10, 'x', 262144, 10, 'ready', 'k', now())`,
      [posterOwn, jobId, posterId],
    );
    const otherJob = randomUUID();
    const untouched = randomUUID();
    await db.query('INSERT INTO job_areas (job_id, poster_id) VALUES ($1, $2)', [otherJob, randomUUID()]);
    await db.query(
      `INSERT INTO files (id, area, owner_id, folder, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
      VALUES ($1, 'job', $2, 'poster', $3, 'brief.txt', 10, 'x', 262144, 10, 'ready', 'k', now())`,
      [untouched, otherJob, posterId],
    );

    await inTx((em) => new FilesMemberDeletedConsumer().apply(envelope({ memberId: posterId, deletedAt: new Date().toISOString() }) as never, em));
    const rows = await db.query<{ id: string; status: string }>(`SELECT id, status FROM files WHERE area = 'job'`);
    const inJob = rows.filter((r) => r.id !== untouched);
    expect(inJob.length).toBeGreaterThan(3);
    expect(inJob.every((r) => r.status === 'deleting')).toBe(true);
    expect(rows.find((r) => r.id === untouched)?.status).toBe('ready');
    const queued = JSON.stringify((await db.outbox()).filter((e) => e.subject.includes('cleanup')));
    for (const r of inJob) expect(queued).toContain(r.id);
  });

  it('the job-area statements (jobs.queries.ts): the grant per hire, the files in order, turn-ins by id list', async () => {
    const job = randomUUID();
    const poster = randomUUID();
    const [hire1, hire2, worker] = [randomUUID(), randomUUID(), randomUUID()];
    // A new area starts without access; the grant holds while the hire stays; a new hire loses it.
    expect(await syncJobArea(db.ds, { jobId: job, posterId: poster, hireId: hire1, workerId: worker })).toEqual({
      job_id: job,
      poster_id: poster,
      hire_id: hire1,
      worker_id: worker,
      worker_access: false,
      access_changed_at: null,
    });
    await setWorkerAccess(db.ds, job, true);
    const locked = await inTx((em) => lockJobArea(em, job));
    expect(locked).toMatchObject({ worker_access: true, access_changed_at: expect.any(Date) });
    expect((await syncJobArea(db.ds, { jobId: job, posterId: poster, hireId: hire1, workerId: worker })).worker_access).toBe(true);
    expect(await revokeHireAccess(db.ds, job, hire2)).toBe(0);
    expect(await syncJobArea(db.ds, { jobId: job, posterId: poster, hireId: hire2, workerId: worker })).toMatchObject({ hire_id: hire2, worker_access: false });
    await setWorkerAccess(db.ds, job, true);
    expect(await revokeHireAccess(db.ds, job, hire2)).toBe(1);
    expect(await revokeHireAccess(db.ds, job, hire2)).toBe(0);
    expect((await lockJobArea(db.ds, job))?.worker_access).toBe(false);
    expect(await lockJobArea(db.ds, randomUUID())).toBeUndefined();

    const file = async (folder: string, path: string, status = 'ready') => {
      const id = randomUUID();
      await db.query(
        `INSERT INTO files (id, area, owner_id, folder, hire_id, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key, upload_expires_at)
        VALUES ($1, 'job', $2, $3, $4, $5, $6, 10, 'x', 262144, 10, $7, 'k', now())`,
        [id, job, folder, hire2, worker, path, status],
      );
      return id;
    };
    const w1 = await file('worker', 'w1.txt');
    const p1 = await file('poster', 'p1.txt');
    const w2 = await file('worker', 'w2.txt');
    const up = await file('worker', 'up.txt', 'uploading');
    expect((await jobAreaFiles(db.ds, job)).map((f) => f.id)).toEqual([p1, w1, w2, up]);
    expect((await jobAreaFiles(db.ds, job))[0]).toMatchObject({ area: 'job', folder: 'poster', size: '10', status: 'ready' });

    expect((await inTx((em) => lockHireFiles(em, [w1, w2, up, p1], job, hire2))).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { id: w1, path: 'w1.txt', size: '10' },
      { id: w2, path: 'w2.txt', size: '10' },
    ]);
    expect(await lockHireFiles(db.ds, [w1], job, hire1)).toEqual([]);
    expect(await lockHireFiles(db.ds, [], job, hire2)).toEqual([]);

    const sub = randomUUID();
    expect(await turnInProvisionally(db.ds, [w1, w2], sub, 600)).toBe(2);
    expect(await turnedIn(w1)).toMatchObject({ turned_in_at: expect.any(Date), turn_in_pending_until: expect.any(Date) });
    expect(await confirmTurnIns(db.ds, [w1, p1], job, hire2)).toBe(1);
    expect(await turnedIn(w1)).toMatchObject({ turned_in_at: expect.any(Date), turn_in_pending_until: null });
    // Turned in for good: a later submission does not take it over.
    expect(await turnInProvisionally(db.ds, [w1], randomUUID(), 600)).toBe(0);
    expect(await releaseProvisionalTurnIns(db.ds, { expired: true })).toEqual([]);
    expect(await releaseProvisionalTurnIns(db.ds, { submissionId: randomUUID() })).toEqual([]);
    expect(await releaseProvisionalTurnIns(db.ds, { submissionId: sub })).toEqual([{ id: w2 }]);
    expect((await turnedIn(w2)).turned_in_at).toBeNull();
    await turnInProvisionally(db.ds, [w2], sub, 600);
    await db.query("UPDATE files SET turn_in_pending_until = now() - interval '1 second' WHERE id = $1", [w2]);
    expect(await releaseProvisionalTurnIns(db.ds, { expired: true })).toEqual([{ id: w2 }]);
  });
});
