import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema } from '../schemas/common.schema.js';
import { FILE_LIMITS, filePreviewSchema, MIB } from '../schemas/file.schema.js';
import { objectDownloadSchema } from '../schemas/stored-object.schema.js';

/** Downloads and previews of complete files. Uploads, lists and deletes are in files.operations.ts. */

/** How long a download link works: long enough to start a download, short enough to leak harmlessly. */
export const DOWNLOAD_LINK_SECONDS = 300;

/**
 * The bearer part of a proxied download link: 32 random bytes in base64url. The files service
 * keeps only its sha256 (table download_grants) with the file and the expiry.
 */
export const DOWNLOAD_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const fileDownloadLinkSchema = z.object({
  url: z.string().describe('A bearer link to this one file: anyone holding it may download it until expiresAt; supports Range requests'),
  expiresAt: dateTimeSchema.describe(`When the link stops working (${DOWNLOAD_LINK_SECONDS / 60} minutes after it was made)`),
  path: z.string(),
  size: z.number().int(),
  proxied: z.boolean().describe(`true: served by this API (files up to ${FILE_LIMITS.proxyBytes} bytes); false: a presigned link straight to object storage`),
});
export type FileDownloadLink = z.infer<typeof fileDownloadLinkSchema>;

const fileIdInput = z.object({ fileId: idSchema.describe('File id') });

export const downloadMyFile = defineOperation({
  name: 'downloadMyFile',
  service: 'files',
  summary: 'A short-lived download link for one of your complete personal files',
  access: 'member',
  scope: 'agent:read',
  input: fileIdInput,
  output: fileDownloadLinkSchema,
  rest: { method: 'POST', path: '/api/me/files/{fileId}/download', status: 200 },
  mcp: {
    tool: 'download_my_file',
    effect: { readOnly: true },
    args: { fileId: 'file_id' },
    description: `A bearer link to a ready personal file, valid ${DOWNLOAD_LINK_SECONDS / 60} minutes: fetch it with plain HTTP GET (Range works). 409 while uploading or deleting.`,
  },
});

export const previewMyFile = defineOperation({
  name: 'previewMyFile',
  service: 'files',
  summary: 'A small preview of one of your personal files when it is a PNG or JPEG image',
  access: 'member',
  scope: 'agent:read',
  input: fileIdInput,
  output: filePreviewSchema,
  rest: { method: 'GET', path: '/api/me/files/{fileId}/preview', status: 200 },
  mcp: {
    tool: 'preview_my_file',
    args: { fileId: 'file_id' },
    description: `A still PNG or JPEG of at most ${FILE_LIMITS.previewBytes / MIB} MiB comes back as a small image (within 512x512); anything else answers kind unavailable with the reason.`,
  },
});

export const getFileDownload = defineOperation({
  name: 'getFileDownload',
  service: 'files',
  summary: 'The bytes of a file behind a download link (Range requests supported)',
  access: 'public',
  input: z.object({
    token: z
      .string()
      .trim()
      .regex(DOWNLOAD_TOKEN, 'Not a download link.')
      .describe('The token from a download link')
      .meta({ examples: ['q3Xv9Tn2bW8kLp0sYd5RfUa1Hc7Ge4Mz6Jo_Ki-NwQx'] }),
  }),
  output: objectDownloadSchema,
  rest: { method: 'GET', path: '/api/files/downloads/{token}', status: 200, download: { contentTypes: ['application/octet-stream'] } },
});

export const fileDownloadsOperations = [downloadMyFile, previewMyFile, getFileDownload];
