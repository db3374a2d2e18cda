import { deleteMyFile, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { AreaUploads } from './area-uploads.js';
import { personalGate } from './personal-area.js';

/** Deletes a personal file (AreaUploads.remove: `deleting` at once, storage freed by the cleanup queue). */
@Injectable()
export class DeleteMyFileHandler implements OperationHandler<typeof deleteMyFile> {
  readonly operation = deleteMyFile;

  constructor(private readonly uploads: AreaUploads) {}

  async handle({ fileId }: InputOf<typeof deleteMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof deleteMyFile>> {
    await this.uploads.remove(personalGate(callerOf(ctx).memberId), fileId);
    return { deleted: true };
  }
}
