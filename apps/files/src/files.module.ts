import { consumersProvider, handlersProvider, periodicTasksProvider, workersProvider } from '@marketplace/service-kit';
import { Module } from '@nestjs/common';

import { CleanupWorker } from './cleanup/cleanup.worker.js';
import { DownloadMyFileHandler } from './downloads/download-my-file.handler.js';
import { GetFileDownloadHandler } from './downloads/get-file-download.handler.js';
import { AreaUploads } from './files/area-uploads.js';
import { AssembleWorker } from './files/assemble.worker.js';
import { CompleteMyFileHandler } from './files/complete-my-file.handler.js';
import { CreateMyFileHandler } from './files/create-my-file.handler.js';
import { DeleteMyFileHandler } from './files/delete-my-file.handler.js';
import { FileAssembler } from './files/file-assembler.js';
import { ListMyFilesHandler } from './files/list-my-files.handler.js';
import { FilesMemberDeletedConsumer } from './files/member-deleted.consumer.js';
import { PresignMyFilePartsHandler } from './files/presign-my-file-parts.handler.js';
import { RenameMyFileHandler } from './files/rename-my-file.handler.js';
import { UploadExpirySweeper } from './files/upload-expiry.sweeper.js';
import { UploadJoins } from './files/upload-joins.js';
import { UploadMyFileChunkHandler } from './files/upload-my-file-chunk.handler.js';
import { FilesWorkCancelledConsumer } from './jobs/hire-ended.consumer.js';
import { JobAreas } from './jobs/job-area.js';
import {
  CompleteJobFileHandler,
  CreateJobFileHandler,
  DeleteJobFileHandler,
  DownloadJobFileHandler,
  ListJobAttachmentsHandler,
  ListJobFilesHandler,
  PresignJobFilePartsHandler,
  PreviewJobFileHandler,
  SetJobFileAccessHandler,
  UploadJobFileChunkHandler,
} from './jobs/job-files.handlers.js';
import { FilesWorkSubmittedConsumer, LockWorkerFilesHandler, ReleaseWorkerFilesHandler } from './jobs/lock-worker-files.handler.js';
import { PreviewWorker } from './previews/preview.worker.js';
import { PreviewMyFileHandler } from './previews/preview-my-file.handler.js';
import { FilePreviews } from './previews/preview-my-file.handler.js';

/** Downloads and previews (apps/files/src/downloads, previews). */
const downloadHandlers = [DownloadMyFileHandler, GetFileDownloadHandler, PreviewMyFileHandler];
/** Personal files: list, upload (create, chunks, complete), delete, rename (apps/files/src/files). */
const fileHandlers = [
  ListMyFilesHandler,
  CreateMyFileHandler,
  UploadMyFileChunkHandler,
  PresignMyFilePartsHandler,
  CompleteMyFileHandler,
  DeleteMyFileHandler,
  RenameMyFileHandler,
];
/** Job areas: the poster's and worker's folders, the grant, attachments and turned-in files (apps/files/src/jobs). */
const jobHandlers = [
  ListJobFilesHandler,
  SetJobFileAccessHandler,
  CreateJobFileHandler,
  UploadJobFileChunkHandler,
  PresignJobFilePartsHandler,
  CompleteJobFileHandler,
  DownloadJobFileHandler,
  PreviewJobFileHandler,
  DeleteJobFileHandler,
  ListJobAttachmentsHandler,
  LockWorkerFilesHandler,
  ReleaseWorkerFilesHandler,
];
const fileServices = [FileAssembler, UploadExpirySweeper, UploadJoins, AreaUploads, FilePreviews, JobAreas];
const consumers = [FilesMemberDeletedConsumer, FilesWorkCancelledConsumer, FilesWorkSubmittedConsumer];
/** Work queue handlers; the files worker process (ROLE=worker) runs them. */
const workers = [PreviewWorker, CleanupWorker, AssembleWorker];

/** Joins the bus, owns its schema and answers health; its operations arrive with their issues. */
@Module({
  providers: [
    ...downloadHandlers,
    ...fileHandlers,
    ...fileServices,
    ...jobHandlers,
    handlersProvider(...downloadHandlers, ...fileHandlers, ...jobHandlers),
    ...consumers,
    consumersProvider(...consumers),
    ...workers,
    workersProvider(...workers),
    periodicTasksProvider(UploadExpirySweeper),
  ],
})
export class FilesModule {}
