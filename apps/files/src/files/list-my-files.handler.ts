import { FILE_LIMITS, type InputOf, listMyFiles, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { personalFiles } from './files.queries.js';
import { isClosed, toPersonalFile } from './personal-area.js';

/** The member's personal files, oldest first, with the contract's limits. */
@Injectable()
export class ListMyFilesHandler implements OperationHandler<typeof listMyFiles> {
  readonly operation = listMyFiles;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: InputOf<typeof listMyFiles>, ctx: HandlerContext): Promise<OutputOf<typeof listMyFiles>> {
    const caller = callerOf(ctx);
    const closed = await isClosed(this.ds, caller.memberId);
    const rows = await personalFiles(this.ds, caller.memberId);
    return { closed, files: rows.map((r) => toPersonalFile(r, closed)), limits: { ...FILE_LIMITS } };
  }
}
