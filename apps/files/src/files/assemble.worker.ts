import { fileAssembleQueue } from '@marketplace/contracts';
import type { WorkContext, WorkHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { FileAssembler } from './file-assembler.js';

/**
 * Joins a large upload's chunks in the files worker (fileAssembleQueue), for files over
 * FILE_LIMITS.proxyBytes: queued when chunk 0 arrives, it follows the upload and joins the chunks
 * as they come (FileAssembler's `follow`); queued again by complete when none is alive. The client
 * calls complete until the file is ready. A mismatch is kept on the file for that next complete
 * to report. Safe to repeat: a file that is no longer uploading is left alone.
 */
@Injectable()
export class AssembleWorker implements WorkHandler<typeof fileAssembleQueue.payload> {
  readonly queue = fileAssembleQueue;

  constructor(private readonly assembler: FileAssembler) {}

  async run({ fileId }: { fileId: string }, ctx: WorkContext): Promise<void> {
    await this.assembler.assemble(fileId, { follow: true, heartbeat: () => ctx.heartbeat(), signal: ctx.signal });
  }
}
