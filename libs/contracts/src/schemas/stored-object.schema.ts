import { z } from 'zod';

/** Where the gateway stages an upload; a service never accepts any other key as an upload. */
export const STAGING_PREFIX = 'staging/';

/**
 * What an operation with an upload binding (`rest.upload`) receives on the bus in place of the
 * bytes: the gateway has streamed the request body to object storage under this key. The object
 * lives only for the call; a service keeps what it needs under a key of its own.
 */
export const uploadedObjectSchema = z.object({
  key: z.string().regex(/^staging\/[0-9a-f-]{36}$/, 'Not a staged upload.'),
  size: z.number().int().min(0),
  /** As the client declared it; check the bytes, never trust this. */
  contentType: z.string().max(255),
  /** sha256 (hex) of the bytes the gateway staged, computed as they streamed by: no need to read them back. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type UploadedObject = z.infer<typeof uploadedObjectSchema>;

/**
 * What an operation with a download binding (`rest.download`) answers on the bus: the gateway
 * streams the object at `key` from storage with this content type and cache policy.
 */
export const objectDownloadSchema = z.object({
  key: z.string().min(1),
  contentType: z.string(),
  cacheControl: z.string().optional().describe('Replaces the default no-store'),
  fileName: z.string().max(255).optional().describe('Served as an attachment (Content-Disposition) under this name'),
});
export type ObjectDownload = z.infer<typeof objectDownloadSchema>;
