import { findReportedJobContent, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { isJobId } from '../jobs/jobs.queries.js';
import { commentOwner, jobOwner } from './moderation.queries.js';

type Result = OutputOf<typeof findReportedJobContent>;

const NOT_FOUND: Result = { found: false, ownerId: null };

/** Lets admin refuse a report on a job or comment that does not exist; a deleted comment has nothing left to report. */
@Injectable()
export class FindReportedJobContentHandler implements OperationHandler<typeof findReportedJobContent> {
  readonly operation = findReportedJobContent;

  constructor(private readonly ds: DataSource) {}

  async handle({ kind, itemId }: InputOf<typeof findReportedJobContent>): Promise<Result> {
    if (!isJobId(itemId)) return NOT_FOUND;
    const row = kind === 'job' ? await jobOwner(this.ds, itemId) : await commentOwner(this.ds, itemId);
    return row ? { found: true, ownerId: row.owner_id } : NOT_FOUND;
  }
}
