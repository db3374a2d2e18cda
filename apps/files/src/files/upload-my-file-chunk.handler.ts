import { type InputOf, type OutputOf, uploadMyFileChunk } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { AreaUploads } from './area-uploads.js';
import { personalGate, toPersonalFile } from './personal-area.js';

/** Takes one chunk of a personal file's upload (AreaUploads.putChunk). */
@Injectable()
export class UploadMyFileChunkHandler implements OperationHandler<typeof uploadMyFileChunk> {
  readonly operation = uploadMyFileChunk;

  constructor(private readonly uploads: AreaUploads) {}

  async handle(input: InputOf<typeof uploadMyFileChunk>, ctx: HandlerContext): Promise<OutputOf<typeof uploadMyFileChunk>> {
    const { row, nextIndex } = await this.uploads.putChunk(personalGate(callerOf(ctx).memberId), input);
    return { file: toPersonalFile(row), index: input.index, nextIndex };
  }
}
