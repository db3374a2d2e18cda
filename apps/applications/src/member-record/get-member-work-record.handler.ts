import { Injectable } from '@nestjs/common';
import { getMemberWorkRecord, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/** No hires are recorded by this service yet, so every member's record is empty. */
@Injectable()
export class GetMemberWorkRecordHandler implements OperationHandler<typeof getMemberWorkRecord> {
  readonly operation = getMemberWorkRecord;

  handle(): Promise<OutputOf<typeof getMemberWorkRecord>> {
    return Promise.resolve({ jobsDone: [], completedJobs: 0, rating: null, ratings: [] });
  }
}
