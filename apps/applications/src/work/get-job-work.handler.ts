import { getJobWork, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { WorkSteps } from './work-steps.js';

@Injectable()
export class GetJobWorkHandler implements OperationHandler<typeof getJobWork> {
  readonly operation = getJobWork;
  constructor(private readonly work: WorkSteps) {}
  handle({ id }: InputOf<typeof getJobWork>, ctx: HandlerContext): Promise<OutputOf<typeof getJobWork>> {
    return this.work.view(id, ctx);
  }
}
