import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';
import { FILE_LIMITS, fileDeletedSchema, filePreviewSchema, jobFileSchema, jobFilesSchema, MIB } from '../schemas/file.schema.js';
import { fileDownloadLinkSchema } from './file-downloads.operations.js';
import {
  CHUNK_UPLOAD,
  chunkFields,
  chunkReceivedSchema,
  DIRECT_PART_BYTES,
  directPartsField,
  directPartsSchema,
  newFileFields,
  partNumbersField,
  uploadSlotSchema,
} from './files.operations.js';

/**
 * Job files: one area per job with the folders `poster` and `worker`, shared by the poster and the
 * hired worker once the poster grants access (off by default, revoked when the hire is cancelled,
 * a new hire needs a new grant). Uploads work exactly as for personal files (files.operations.ts):
 * create a slot, send sha256-checked chunks in any order, complete; each member writes to their
 * own folder, the poster may delete any file, the worker only files in the worker folder.
 */

const jobId = idSchema.describe('Job id');
const fileId = idSchema.describe('File id');
const jobFileInput = z.object({ id: jobId, fileId });

const WHO = "The poster and the hired worker given access (set_job_file_access) reach a job's files; others get 403 (404 for a job not public).";

export const jobFileUploadSchema = uploadSlotSchema(jobFileSchema);
export const jobFileChunkReceivedSchema = chunkReceivedSchema(jobFileSchema);

export const listJobFiles = defineOperation({
  name: 'listJobFiles',
  service: 'files',
  summary: "A job's files (poster and worker folders), the caller's role and whether the worker has access",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: jobId }),
  output: jobFilesSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/files', status: 200 },
  mcp: {
    tool: 'list_job_files',
    args: { id: 'job_id' },
    description: `${WHO} Upload with create_job_file.`,
  },
});

export const setJobFileAccess = defineOperation({
  name: 'setJobFileAccess',
  service: 'files',
  summary: "Grant or withdraw the hired worker's access to the job's files (poster only)",
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: jobId,
    allowed: z.boolean({ error: 'Must be true or false.' }).describe('true lets the hired worker read job files and write the worker folder'),
  }),
  output: jobFilesSchema,
  rest: { method: 'PUT', path: '/api/jobs/{id}/file-access', status: 200 },
  mcp: {
    tool: 'set_job_file_access',
    args: { id: 'job_id' },
    description: 'Off by default and tied to the current hire (a new hire needs a new grant). 409 when nobody is hired. The worker is told when granted.',
  },
});

export const createJobFile = defineOperation({
  name: 'createJobFile',
  service: 'files',
  summary: "Start uploading a file to your folder of a job's files: declare its path, size and sha256",
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: jobId, ...newFileFields }),
  output: jobFileUploadSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/files', status: 201 },
  mcp: {
    tool: 'create_job_file',
    args: { id: 'job_id' },
    description: 'Into your own folder: send chunks (upload_job_file_chunk) or PUT parts (presign_job_file_parts), then complete_job_file. 409: taken, full.',
  },
});

export const uploadJobFileChunk = defineOperation({
  name: 'uploadJobFileChunk',
  service: 'files',
  summary: 'Send one chunk of a job file upload: the raw bytes as the body, their sha256 in the query',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: jobId, fileId, ...chunkFields }),
  output: jobFileChunkReceivedSchema,
  rest: {
    method: 'PUT',
    path: '/api/jobs/{id}/files/{fileId}/chunks/{index}',
    status: 200,
    fields: { sha256: { in: 'query' } },
    upload: CHUNK_UPLOAD,
  },
  mcp: {
    tool: 'upload_job_file_chunk',
    args: { id: 'job_id', fileId: 'file_id', chunk: 'data' },
    description: 'Send one chunk, in any order; resending is safe. nextIndex is the lowest chunk still missing; when it is null, call complete_job_file.',
  },
});

export const presignJobFileParts = defineOperation({
  name: 'presignJobFileParts',
  service: 'files',
  summary: "Send a job file's upload straight to storage: short-lived presigned URLs, one per part",
  access: 'member',
  scope: 'agent:write',
  input: jobFileInput.extend({ partNumbers: partNumbersField }),
  output: directPartsSchema(jobFileSchema),
  rest: { method: 'POST', path: '/api/jobs/{id}/files/{fileId}/parts', status: 200 },
  mcp: {
    tool: 'presign_job_file_parts',
    args: { id: 'job_id', fileId: 'file_id', partNumbers: 'part_numbers' },
    description: `For files over ${FILE_LIMITS.proxyBytes / MIB} MiB, if you can make HTTP requests: URLs to PUT ${DIRECT_PART_BYTES / MIB} MiB parts to storage; keep each ETag. 409 once chunks were sent.`,
  },
});

export const completeJobFile = defineOperation({
  name: 'completeJobFile',
  service: 'files',
  summary: 'Finish a job file upload: join the chunks (or the parts sent to storage), verify size and sha256, make the file ready',
  access: 'member',
  scope: 'agent:write',
  input: jobFileInput.extend({ parts: directPartsField }),
  output: jobFileSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/files/{fileId}/complete', status: 200 },
  mcp: {
    tool: 'complete_job_file',
    args: { id: 'job_id', fileId: 'file_id' },
    description: "Call once every chunk is in (with each part's ETag for presigned parts); the other side is told. 409: chunks missing or bad sha256.",
  },
});

export const downloadJobFile = defineOperation({
  name: 'downloadJobFile',
  service: 'files',
  summary: "A short-lived download link for one of a job's complete files",
  access: 'member',
  scope: 'agent:read',
  input: jobFileInput,
  output: fileDownloadLinkSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/files/{fileId}/download', status: 200 },
  mcp: {
    tool: 'download_job_file',
    effect: { readOnly: true },
    args: { id: 'job_id', fileId: 'file_id' },
    description: 'A bearer link to a ready file in either folder, valid a few minutes: plain HTTP GET (Range works). 409 while uploading or deleting.',
  },
});

export const previewJobFile = defineOperation({
  name: 'previewJobFile',
  service: 'files',
  summary: "A small preview of one of a job's files when it is a PNG or JPEG image",
  access: 'member',
  scope: 'agent:read',
  input: jobFileInput,
  output: filePreviewSchema,
  rest: { method: 'GET', path: '/api/jobs/{id}/files/{fileId}/preview', status: 200 },
  mcp: {
    tool: 'preview_job_file',
    args: { id: 'job_id', fileId: 'file_id' },
    description: `A still PNG or JPEG of at most ${FILE_LIMITS.previewBytes / MIB} MiB comes back as a small image; anything else answers kind unavailable. Poster, or worker with access.`,
  },
});

export const deleteJobFile = defineOperation({
  name: 'deleteJobFile',
  service: 'files',
  summary: "Delete one of a job's files: the poster any file, the worker only files in the worker folder",
  access: 'member',
  scope: 'agent:write',
  input: jobFileInput,
  output: fileDeletedSchema,
  rest: { method: 'DELETE', path: '/api/jobs/{id}/files/{fileId}', status: 200 },
  mcp: {
    tool: 'delete_job_file',
    args: { id: 'job_id', fileId: 'file_id' },
    description: 'The poster may delete any file, the hired worker (with access) only worker-folder ones (403). Turned-in files cannot be deleted (409).',
  },
});

/** The job's ready files for job details' `attachments`: answered only to the poster and an allowed worker. */
export const listJobAttachments = defineOperation({
  name: 'listJobAttachments',
  service: 'files',
  summary: "A job's ready files for its details, when the forwarded caller may see them (service-to-service)",
  access: 'internal',
  callers: ['jobs'],
  input: z.object({ jobId: idSchema }),
  output: z.object({ available: z.boolean(), files: z.array(jobFileSchema) }),
});

export const turnedInFileSchema = z.object({ id: z.string(), path: z.string(), size: z.number().int() });
export type TurnedInFile = z.infer<typeof turnedInFileSchema>;

/**
 * Marks ready files of the job's worker folder, uploaded for this hire, as turned in (they can no
 * longer be deleted) and answers them in the order asked. 409 when one is not such a file. The
 * lock is provisional, held for `submissionId`, until work.submitted with these files arrives:
 * a submission that does not commit releases it (releaseWorkerFiles, or the files sweep later).
 */
export const lockWorkerFiles = defineOperation({
  name: 'lockWorkerFiles',
  service: 'files',
  summary: "Turn in files from a job's worker folder with a submission (service-to-service)",
  access: 'internal',
  callers: ['applications'],
  input: z.object({ jobId: idSchema, hireId: idSchema, workerId: idSchema, submissionId: idSchema, fileIds: z.array(idSchema).max(20) }),
  output: z.object({ files: z.array(turnedInFileSchema) }),
});

/** Undoes lockWorkerFiles for a submission that did not commit: its still-provisional locks are released. */
export const releaseWorkerFiles = defineOperation({
  name: 'releaseWorkerFiles',
  service: 'files',
  summary: 'Release the files a failed submission had turned in (service-to-service)',
  access: 'internal',
  callers: ['applications'],
  input: z.object({ submissionId: idSchema }),
  output: z.object({ released: z.number().int() }),
});

export const jobFilesOperations = [
  listJobFiles,
  setJobFileAccess,
  createJobFile,
  uploadJobFileChunk,
  presignJobFileParts,
  completeJobFile,
  downloadJobFile,
  previewJobFile,
  deleteJobFile,
  listJobAttachments,
  lockWorkerFiles,
  releaseWorkerFiles,
] as const;
