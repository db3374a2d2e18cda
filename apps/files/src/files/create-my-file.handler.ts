import { createMyFile, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { AreaUploads } from './area-uploads.js';
import { personalGate, toPersonalFile } from './personal-area.js';

/** Opens an upload in the member's personal area (the upload path is AreaUploads.create). */
@Injectable()
export class CreateMyFileHandler implements OperationHandler<typeof createMyFile> {
  readonly operation = createMyFile;

  constructor(private readonly uploads: AreaUploads) {}

  async handle(input: InputOf<typeof createMyFile>, ctx: HandlerContext): Promise<OutputOf<typeof createMyFile>> {
    const { row, ...rest } = await this.uploads.create(personalGate(callerOf(ctx).memberId), input);
    return { file: toPersonalFile(row), ...rest };
  }
}
