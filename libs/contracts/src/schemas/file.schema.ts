import { z } from 'zod';

/** The contract's file limits, exactly as published in every file list (`limits`). */
/** Bytes in a mebibyte, for limits said in MiB. */
export const MIB = 1024 * 1024;

export const FILE_LIMITS = {
  previewBytes: 1_048_576,
  previewPixels: 16_777_216,
  previewDimension: 8192,
  chunkBytes: 262_144,
  fileBytes: 104_857_600,
  personalBytes: 1_073_741_824,
  jobBytes: 1_073_741_824,
  files: 100,
  pathLength: 240,
  requestBytes: 524_288,
  proxyBytes: 4_194_304,
  transferSeconds: 600,
} as const;

export const fileLimitsSchema = z.object({
  previewBytes: z.literal(FILE_LIMITS.previewBytes),
  previewPixels: z.literal(FILE_LIMITS.previewPixels),
  previewDimension: z.literal(FILE_LIMITS.previewDimension),
  chunkBytes: z.literal(FILE_LIMITS.chunkBytes),
  fileBytes: z.literal(FILE_LIMITS.fileBytes),
  personalBytes: z.literal(FILE_LIMITS.personalBytes),
  jobBytes: z.literal(FILE_LIMITS.jobBytes),
  files: z.literal(FILE_LIMITS.files),
  pathLength: z.literal(FILE_LIMITS.pathLength),
  requestBytes: z.literal(FILE_LIMITS.requestBytes),
  proxyBytes: z.literal(FILE_LIMITS.proxyBytes),
  transferSeconds: z.literal(FILE_LIMITS.transferSeconds),
});

export const FILE_STATUSES = ['uploading', 'ready', 'deleting'] as const;

export const personalFileSchema = z.object({
  id: z.string(),
  path: z.string(),
  size: z.number().int(),
  received: z.number().int(),
  status: z.enum(FILE_STATUSES),
  createdAt: z.string(),
  canWrite: z.boolean(),
});
export type PersonalFile = z.infer<typeof personalFileSchema>;

export const jobFileSchema = personalFileSchema.extend({
  folder: z.enum(['poster', 'worker']),
  hireId: z.string().nullable(),
});
export type JobFile = z.infer<typeof jobFileSchema>;

export const personalFilesSchema = z.object({
  closed: z.boolean().describe('Account deletion closed file operations; cleanup may still be under way'),
  files: z.array(personalFileSchema),
  limits: fileLimitsSchema,
});

export const jobFilesSchema = z.object({
  jobId: z.string(),
  role: z.enum(['poster', 'worker']),
  workerAccess: z.boolean(),
  closed: z.boolean(),
  hireId: z.string().nullable(),
  files: z.array(jobFileSchema),
  limits: fileLimitsSchema,
});

export const filePreviewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('image'),
    fileId: z.string(),
    path: z.string(),
    mimeType: z.enum(['image/png', 'image/jpeg']),
    data: z.string().describe('base64'),
  }),
  z.object({ kind: z.literal('unavailable'), fileId: z.string(), path: z.string(), reason: z.string() }),
]);
export type FilePreview = z.infer<typeof filePreviewSchema>;

export const fileDeletedSchema = z.object({ deleted: z.literal(true) });
