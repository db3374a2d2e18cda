import { completeMyFile, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { AreaUploads } from './area-uploads.js';
import { personalGate, toPersonalFile } from './personal-area.js';

/** Finishes a personal file's upload (AreaUploads.complete: idempotent, 503 while the worker joins a large file). */
@Injectable()
export class CompleteMyFileHandler implements OperationHandler<typeof completeMyFile> {
  readonly operation = completeMyFile;

  constructor(private readonly uploads: AreaUploads) {}

  async handle({ fileId, parts }: InputOf<typeof completeMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof completeMyFile>> {
    return toPersonalFile(await this.uploads.complete(personalGate(callerOf(ctx).memberId), fileId, parts));
  }
}
