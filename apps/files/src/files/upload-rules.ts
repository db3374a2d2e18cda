import { AppError, DIRECT_PART_BYTES } from '@marketplace/contracts';

import { deletingConflict, type FileRow } from './area-files.js';

// What an upload is and must be: its shapes, the part arithmetic of a direct upload, and the
// refusals the chunked and direct paths share (area-uploads.ts runs both).

export interface NewFile {
  path: string;
  size: number;
  sha256: string;
  chunkBytes?: number | undefined;
}

/** A part of a direct upload as the client names it at completion. */
export interface SentPart {
  number: number;
  etag: string;
}

export interface PresignedParts {
  row: FileRow;
  partBytes: number;
  parts: number;
  urls: { number: number; bytes: number; url: string }[];
  expiresAt: string;
}

export interface CreatedUpload {
  row: FileRow;
  chunkBytes: number;
  chunks: number;
  nextIndex: number;
  uploadExpiresAt: string;
}

const RETRY_AFTER_SECONDS = 2;

/** How many parts make a direct upload of this file. */
export function directPartCount(file: Pick<FileRow, 'size'>): number {
  return Math.ceil(Number(file.size) / DIRECT_PART_BYTES);
}

/** The bytes part `n` (from 1) must hold: DIRECT_PART_BYTES, the remainder for the last one. */
export function directPartSize(file: Pick<FileRow, 'size'>, n: number): number {
  return Math.min(DIRECT_PART_BYTES, Number(file.size) - (n - 1) * DIRECT_PART_BYTES);
}

export function assembling(): AppError {
  return new AppError(503, 'The file is being assembled; call complete again in a few seconds.', { retryAfter: RETRY_AFTER_SECONDS });
}

export function requireUploading(file: FileRow): void {
  if (file.status === 'deleting') throw deletingConflict();
  if (file.status === 'ready') throw AppError.conflict('The file is complete and can no longer change.');
  if (new Date(file.upload_expires_at).getTime() < Date.now()) {
    throw AppError.conflict('The upload expired (600 seconds from creation); delete it and start again with create.');
  }
}

/** A join that failed: a lost chunk names it to send again; otherwise the whole-file sha256 did not match. */
export function assemblyFailed(message: string, lostChunk: number | null): AppError {
  return AppError.conflict(
    message,
    lostChunk !== null && lostChunk !== undefined ? { nextIndex: String(lostChunk) } : { sha256: 'Does not match the chunks received.' },
  );
}

export function differentChunk(index: number): AppError {
  return AppError.conflict(`Chunk ${index} was already received with other bytes; a chunk cannot change. Delete the file and upload it again if it is wrong.`);
}
