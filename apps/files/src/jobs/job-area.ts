import { AppError, FILE_LIMITS, getHiringJob, type HiringJob, type JobFile } from '@marketplace/contracts';
import { BusClient, callerOf, type Db, type HandlerContext } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { AreaGate, FileRow } from '../files/area-files.js';
import { isClosed, toPersonalFile } from '../files/personal-area.js';
import { jobAreaFiles, type JobAreaRow, syncJobArea } from './jobs.queries.js';

export type { JobAreaRow };

export type JobRole = 'poster' | 'worker';

/** A job's area as one participant sees it now. */
export interface JobAreaView {
  jobId: string;
  job: HiringJob;
  memberId: string;
  role: JobRole;
  /** The current hire (the accepted application), or null when nobody is hired. */
  hireId: string | null;
  /** Whether the poster granted the current hire access. */
  workerAccess: boolean;
  /** The job was closed or its poster's account deleted: no more writes. */
  closed: boolean;
}

export const JOB_AREA_CLOSED = "This job's files are closed: the job was closed or its poster's account deleted.";

/**
 * Who may use a job's files. The jobs service knows the poster and the current hire
 * (getHiringJob); this service keeps the grant, per hire, in job_areas: a hire it has not seen
 * before starts without access, so a new hire needs a new grant, and a cancelled hire's grant is
 * revoked (work.cancelled) and would not match the next hire anyway.
 *  - the poster: always, writing the `poster` folder, deleting any file;
 *  - the hired worker: only while access is granted for the current hire, writing the `worker` folder;
 *  - anyone else: 403, or 404 when the job is not publicly readable (its existence is not revealed).
 * A hire sees the poster folder (what the poster shares) and only its own uploads in the worker
 * folder: files an earlier (cancelled) hire uploaded stay with the poster, and to a later hire
 * they are as absent as another job's (404 on download, preview, chunks, complete and delete).
 */
@Injectable()
export class JobAreas {
  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async resolve(jobId: string, ctx: HandlerContext): Promise<JobAreaView> {
    const memberId = callerOf(ctx).memberId;
    const notFound = AppError.notFound('No job with this id is visible to you.');
    const job = await this.bus.call(getHiringJob, { jobId }, ctx).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound : err;
    });
    const hireId = job.hiredApplicationId && job.workerId ? job.hiredApplicationId : null;
    const row = await this.sync(job, hireId);
    const workerAccess = hireId !== null && row.hire_id === hireId && row.worker_access;
    const view = { jobId: job.id, job, memberId, hireId, workerAccess };
    const closed = async () => job.status === 'closed' || (await isClosed(this.ds, job.posterId));
    if (memberId === job.posterId) return { ...view, role: 'poster', closed: await closed() };
    if (hireId !== null && memberId === job.workerId) {
      if (!workerAccess) throw AppError.forbidden("The poster has not given you access to this job's files.");
      return { ...view, role: 'worker', closed: await closed() };
    }
    if (job.publiclyReadable) throw AppError.forbidden("Only the job's poster and its hired worker use its files.");
    throw notFound;
  }

  /** Records the poster and the current hire; a hire not seen before starts without access. */
  private async sync(job: HiringJob, hireId: string | null): Promise<JobAreaRow> {
    return syncJobArea(this.ds, { jobId: job.id, posterId: job.posterId, hireId, workerId: hireId ? job.workerId : null });
  }

  /** The job's files the caller sees (visibleTo), poster folder first, oldest first in each. */
  async files(db: Db, view: JobAreaView): Promise<JobFile[]> {
    const rows = await jobAreaFiles(db, view.jobId);
    return rows.filter((r) => visibleTo(view, r)).map((r) => toJobFile(r, view));
  }
}

/**
 * Whether the caller sees a file of the job: the poster sees every file; the hire sees the
 * poster folder and the worker folder's files uploaded under its own hire, never an earlier hire's.
 */
export function visibleTo(view: Pick<JobAreaView, 'role' | 'hireId'>, file: Pick<FileRow, 'folder' | 'hire_id'>): boolean {
  if (view.role === 'poster' || file.folder !== 'worker') return true;
  return view.hireId !== null && file.hire_id === view.hireId;
}

/** A file the caller does not see is answered as no file at all. */
export function requireVisible(view: Pick<JobAreaView, 'role' | 'hireId'>, file: Pick<FileRow, 'folder' | 'hire_id'>): void {
  if (!visibleTo(view, file)) throw AppError.notFound('No such file.');
}

export function toJobFile(row: FileRow, view: Pick<JobAreaView, 'role' | 'closed'>): JobFile {
  const base = toPersonalFile(row, view.closed);
  const mine = view.role === 'poster' || row.folder === 'worker';
  return {
    ...base,
    canWrite: base.canWrite && mine && !row.turned_in_at,
    folder: row.folder === 'worker' ? 'worker' : 'poster',
    hireId: row.hire_id,
  };
}

/** The job area as the upload path sees it for this participant. */
export function jobGate(view: JobAreaView): AreaGate {
  return {
    area: 'job',
    ownerId: view.jobId,
    actorId: view.memberId,
    folder: view.role,
    hireId: view.hireId,
    maxBytes: FILE_LIMITS.jobBytes,
    areaName: "This job's files area",
    requireOpen: async () => {
      if (view.closed) throw AppError.conflict(JOB_AREA_CLOSED);
    },
    mayUpload: (file) => {
      requireVisible(view, file);
      if (file.folder !== view.role)
        throw AppError.forbidden(`You upload only to the ${view.role} folder; this file is in the ${file.folder ?? 'poster'} folder.`);
    },
    mayDelete: (file) => {
      requireVisible(view, file);
      if (view.role === 'worker' && file.folder !== 'worker') throw AppError.forbidden('The worker deletes only files in the worker folder.');
      if (file.turned_in_at) throw AppError.conflict('This file was turned in with the work and cannot be deleted.');
    },
  };
}
