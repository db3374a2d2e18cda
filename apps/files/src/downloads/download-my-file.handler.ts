import { DOWNLOAD_LINK_SECONDS, downloadMyFile, FILE_LIMITS, type FileDownloadLink, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, ObjectStorage, type OperationHandler, publicUrl } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { newDownloadToken } from './download-token.js';
import { insertDownloadGrant, pruneExpiredGrants } from './downloads.queries.js';
import { findOwnPersonalFile, requireReady, type StoredFile } from './own-file.js';

/** The path of a proxied download on the gateway; getFileDownload serves it. */
export function proxiedDownloadUrl(token: string, site = publicUrl()): string {
  return `${site.replace(/\/$/, '')}/api/files/downloads/${token}`;
}

/**
 * A short-lived bearer link to one ready file of any area. Files up to proxyBytes are served by
 * the gateway behind a random token (its hash kept in download_grants, see download-token.ts);
 * larger ones get a presigned GET straight to object storage, with the same lifetime.
 */
export async function downloadLink(ds: DataSource, storage: ObjectStorage, file: StoredFile): Promise<FileDownloadLink> {
  requireReady(file);
  const expiresAt = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000);
  const base = { expiresAt: expiresAt.toISOString(), path: file.path, size: file.size };
  if (file.size > FILE_LIMITS.proxyBytes) {
    const url = await storage.presignGet(file.objectKey, DOWNLOAD_LINK_SECONDS, file.path);
    return { url, ...base, proxied: false };
  }
  const { token, hash } = newDownloadToken();
  // The grant and the file row are checked together when the link is used, so a file deleted
  // after this stops downloading at once.
  await insertDownloadGrant(ds, { tokenHash: hash, fileId: file.id, expiresAt });
  // Expired grants are useless; a few are swept with each new one so the table stays small.
  await pruneExpiredGrants(ds);
  return { url: proxiedDownloadUrl(token), ...base, proxied: true };
}

/** A short-lived bearer link to one ready personal file (see downloadLink). */
@Injectable()
export class DownloadMyFileHandler implements OperationHandler<typeof downloadMyFile> {
  readonly operation = downloadMyFile;

  constructor(
    private readonly ds: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ fileId }: InputOf<typeof downloadMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof downloadMyFile>> {
    const caller = callerOf(ctx);
    return downloadLink(this.ds, this.storage, await findOwnPersonalFile(this.ds, caller.memberId, fileId));
  }
}
