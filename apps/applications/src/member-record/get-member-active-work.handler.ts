import { Injectable } from '@nestjs/common';
import { getMemberActiveWork, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/** No hires are recorded by this service yet, so nobody has work underway. */
@Injectable()
export class GetMemberActiveWorkHandler implements OperationHandler<typeof getMemberActiveWork> {
  readonly operation = getMemberActiveWork;

  handle(): Promise<OutputOf<typeof getMemberActiveWork>> {
    return Promise.resolve({ active: false, jobIds: [] });
  }
}
