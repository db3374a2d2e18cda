import {
  AppError,
  completeJobFile,
  createJobFile,
  deleteJobFile,
  downloadJobFile,
  FILE_LIMITS,
  fileAccessGrantedV1,
  type InputOf,
  isUuid,
  listJobAttachments,
  listJobFiles,
  type OutputOf,
  presignJobFileParts,
  previewJobFile,
  setJobFileAccess,
  uploadJobFileChunk,
} from '@marketplace/contracts';
import {
  callerOf,
  countAttempt,
  type HandlerContext,
  limitBuckets,
  ObjectStorage,
  type OperationHandler,
  recordEvent,
  UnitOfWork,
} from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { downloadLink } from '../downloads/download-my-file.handler.js';
import { findAreaStoredFile } from '../downloads/own-file.js';
import { AreaUploads } from '../files/area-uploads.js';
import { FilePreviews } from '../previews/preview-my-file.handler.js';
import { JOB_AREA_CLOSED, JobAreas, type JobAreaView, jobGate, requireVisible, toJobFile } from './job-area.js';
import { lockJobArea, setWorkerAccess } from './jobs.queries.js';

/** The job's files with the caller's role, the grant and the limits. */
async function jobFiles(areas: JobAreas, ds: DataSource, view: JobAreaView): Promise<OutputOf<typeof listJobFiles>> {
  return {
    jobId: view.jobId,
    role: view.role,
    workerAccess: view.workerAccess,
    closed: view.closed,
    hireId: view.hireId,
    files: await areas.files(ds, view),
    limits: { ...FILE_LIMITS },
  };
}

@Injectable()
export class ListJobFilesHandler implements OperationHandler<typeof listJobFiles> {
  readonly operation = listJobFiles;
  constructor(
    private readonly ds: DataSource,
    private readonly areas: JobAreas,
  ) {}

  async handle({ id }: InputOf<typeof listJobFiles>, ctx: HandlerContext): Promise<OutputOf<typeof listJobFiles>> {
    return jobFiles(this.areas, this.ds, await this.areas.resolve(id, ctx));
  }
}

/**
 * The poster grants or withdraws the current hire's access. 409 without a hire or in a closed
 * area. Enabling a grant that was off records `file.access_granted` for the worker (once: the same
 * grant again records nothing).
 */
@Injectable()
export class SetJobFileAccessHandler implements OperationHandler<typeof setJobFileAccess> {
  readonly operation = setJobFileAccess;
  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly areas: JobAreas,
  ) {}

  async handle({ id, allowed }: InputOf<typeof setJobFileAccess>, ctx: HandlerContext): Promise<OutputOf<typeof setJobFileAccess>> {
    await countAttempt(this.ds, limitBuckets().fileAccessChanges, callerOf(ctx).memberId);
    const view = await this.areas.resolve(id, ctx);
    if (view.role !== 'poster') throw AppError.forbidden("Only the job's poster grants access to its files.");
    if (view.closed) throw AppError.conflict(JOB_AREA_CLOSED);
    const hireId = view.hireId;
    if (hireId === null) throw AppError.conflict('Nobody is hired for this job; access is granted to a hired worker.');
    const changed = await this.uow.run(async (em) => {
      const row = await lockJobArea(em, view.jobId);
      // The hire moved on since resolve: the caller acts on what they saw, or not at all.
      if (!row || row.hire_id !== hireId || !row.worker_id) throw AppError.conflict('The hire changed; read the job files again.');
      if (row.worker_access === allowed) return false;
      await setWorkerAccess(em, view.jobId, allowed);
      if (allowed) {
        await recordEvent(em, fileAccessGrantedV1, {
          jobId: view.jobId,
          hireId,
          posterId: row.poster_id,
          workerId: row.worker_id,
          recipientIds: [row.worker_id],
          grantedAt: new Date().toISOString(),
        });
      }
      return true;
    });
    return jobFiles(this.areas, this.ds, changed ? { ...view, workerAccess: allowed } : view);
  }
}

@Injectable()
export class CreateJobFileHandler implements OperationHandler<typeof createJobFile> {
  readonly operation = createJobFile;
  constructor(
    private readonly areas: JobAreas,
    private readonly uploads: AreaUploads,
  ) {}

  async handle({ id, ...input }: InputOf<typeof createJobFile>, ctx: HandlerContext): Promise<OutputOf<typeof createJobFile>> {
    const view = await this.areas.resolve(id, ctx);
    const { row, ...rest } = await this.uploads.create(jobGate(view), input);
    return { file: toJobFile(row, view), ...rest };
  }
}

@Injectable()
export class UploadJobFileChunkHandler implements OperationHandler<typeof uploadJobFileChunk> {
  readonly operation = uploadJobFileChunk;
  constructor(
    private readonly areas: JobAreas,
    private readonly uploads: AreaUploads,
  ) {}

  async handle({ id, ...input }: InputOf<typeof uploadJobFileChunk>, ctx: HandlerContext): Promise<OutputOf<typeof uploadJobFileChunk>> {
    const view = await this.areas.resolve(id, ctx);
    const { row, nextIndex } = await this.uploads.putChunk(jobGate(view), input);
    return { file: toJobFile(row, view), index: input.index, nextIndex };
  }
}

@Injectable()
export class CompleteJobFileHandler implements OperationHandler<typeof completeJobFile> {
  readonly operation = completeJobFile;
  constructor(
    private readonly areas: JobAreas,
    private readonly uploads: AreaUploads,
  ) {}

  async handle({ id, fileId, parts }: InputOf<typeof completeJobFile>, ctx: HandlerContext): Promise<OutputOf<typeof completeJobFile>> {
    const view = await this.areas.resolve(id, ctx);
    return toJobFile(await this.uploads.complete(jobGate(view), fileId, parts), view);
  }
}

@Injectable()
export class PresignJobFilePartsHandler implements OperationHandler<typeof presignJobFileParts> {
  readonly operation = presignJobFileParts;
  constructor(
    private readonly areas: JobAreas,
    private readonly uploads: AreaUploads,
  ) {}

  async handle({ id, fileId, partNumbers }: InputOf<typeof presignJobFileParts>, ctx: HandlerContext): Promise<OutputOf<typeof presignJobFileParts>> {
    const view = await this.areas.resolve(id, ctx);
    const { row, ...rest } = await this.uploads.presignParts(jobGate(view), fileId, partNumbers);
    return { file: toJobFile(row, view), ...rest };
  }
}

@Injectable()
export class DeleteJobFileHandler implements OperationHandler<typeof deleteJobFile> {
  readonly operation = deleteJobFile;
  constructor(
    private readonly areas: JobAreas,
    private readonly uploads: AreaUploads,
  ) {}

  async handle({ id, fileId }: InputOf<typeof deleteJobFile>, ctx: HandlerContext): Promise<OutputOf<typeof deleteJobFile>> {
    await this.uploads.remove(jobGate(await this.areas.resolve(id, ctx)), fileId);
    return { deleted: true };
  }
}

/** Either participant reads the files it sees (a hire not an earlier hire's uploads); a closed area downloads nothing (409). */
@Injectable()
export class DownloadJobFileHandler implements OperationHandler<typeof downloadJobFile> {
  readonly operation = downloadJobFile;
  constructor(
    private readonly ds: DataSource,
    private readonly storage: ObjectStorage,
    private readonly areas: JobAreas,
  ) {}

  async handle({ id, fileId }: InputOf<typeof downloadJobFile>, ctx: HandlerContext): Promise<OutputOf<typeof downloadJobFile>> {
    const view = await this.areas.resolve(id, ctx);
    const file = await findAreaStoredFile(this.ds, 'job', view.jobId, fileId);
    requireVisible(view, file);
    if (view.closed) throw AppError.conflict(JOB_AREA_CLOSED);
    return downloadLink(this.ds, this.storage, file);
  }
}

@Injectable()
export class PreviewJobFileHandler implements OperationHandler<typeof previewJobFile> {
  readonly operation = previewJobFile;
  constructor(
    private readonly ds: DataSource,
    private readonly areas: JobAreas,
    private readonly previews: FilePreviews,
  ) {}

  async handle({ id, fileId }: InputOf<typeof previewJobFile>, ctx: HandlerContext): Promise<OutputOf<typeof previewJobFile>> {
    const view = await this.areas.resolve(id, ctx);
    const file = await findAreaStoredFile(this.ds, 'job', view.jobId, fileId);
    requireVisible(view, file);
    if (view.closed) throw AppError.conflict(JOB_AREA_CLOSED);
    return this.previews.preview(file);
  }
}

/**
 * Job details' `attachments`, for the forwarded caller: the job's files when they are the poster
 * or an allowed worker, otherwise `available: false` and nothing else (whatever the reason).
 */
@Injectable()
export class ListJobAttachmentsHandler implements OperationHandler<typeof listJobAttachments> {
  readonly operation = listJobAttachments;
  constructor(
    private readonly ds: DataSource,
    private readonly areas: JobAreas,
  ) {}

  async handle({ jobId }: InputOf<typeof listJobAttachments>, ctx: HandlerContext): Promise<OutputOf<typeof listJobAttachments>> {
    // An internal call: its job id never passed the path gate, and one that is no UUID names no job.
    if (!ctx.caller || !isUuid(jobId)) return { available: false, files: [] };
    const view = await this.areas.resolve(jobId, ctx).catch((err: unknown) => {
      if (err instanceof AppError && (err.status === 403 || err.status === 404)) return null;
      throw err;
    });
    if (!view) return { available: false, files: [] };
    return { available: true, files: await this.areas.files(this.ds, view) };
  }
}
