import { type InputOf, type OutputOf, presignMyFileParts } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { AreaUploads } from './area-uploads.js';
import { personalGate, toPersonalFile } from './personal-area.js';

/** Presigned part URLs for a personal file sent straight to storage (AreaUploads.presignParts). */
@Injectable()
export class PresignMyFilePartsHandler implements OperationHandler<typeof presignMyFileParts> {
  readonly operation = presignMyFileParts;

  constructor(private readonly uploads: AreaUploads) {}

  async handle({ fileId, partNumbers }: InputOf<typeof presignMyFileParts>, ctx: HandlerContext): Promise<OutputOf<typeof presignMyFileParts>> {
    const { row, ...rest } = await this.uploads.presignParts(personalGate(callerOf(ctx).memberId), fileId, partNumbers);
    return { file: toPersonalFile(row), ...rest };
  }
}
