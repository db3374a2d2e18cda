import { AppError, getFileDownload, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { downloadTokenHash } from './download-token.js';
import { grantedObject } from './downloads.queries.js';

/**
 * Names the object behind a proxied download link; the gateway streams it (Range included). The
 * link works while its grant is unexpired and the file is still ready: a forged, expired or
 * withdrawn link, or a deleted file, is the same 404.
 */
@Injectable()
export class GetFileDownloadHandler implements OperationHandler<typeof getFileDownload> {
  readonly operation = getFileDownload;

  constructor(private readonly ds: DataSource) {}

  async handle({ token }: InputOf<typeof getFileDownload>): Promise<OutputOf<typeof getFileDownload>> {
    const gone = AppError.notFound('This download link is not valid or has expired; ask for a new one.');
    const hash = downloadTokenHash(token);
    if (!hash) throw gone;
    const row = await grantedObject(this.ds, hash);
    if (!row) throw gone;
    // User content is never interpreted by a browser on our origin: bytes, as an attachment.
    return { key: row.object_key, contentType: 'application/octet-stream', cacheControl: 'private, no-store', fileName: row.path };
  }
}
