import { type InputOf, type OutputOf, recordCachedAudience } from '@marketplace/contracts';
import { type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { AudienceRecorder } from './audience-recorder.js';
import { openJobsAmong } from './performance.queries.js';

/**
 * Board reads the gateway answered from its cache: each reader is counted as if this service had
 * answered it (AudienceRecorder decides who counts), for the jobs still open. One query for the
 * whole batch's posters.
 */
@Injectable()
export class RecordCachedAudienceHandler implements OperationHandler<typeof recordCachedAudience> {
  readonly operation = recordCachedAudience;

  constructor(
    private readonly ds: DataSource,
    private readonly recorder: AudienceRecorder,
  ) {}

  async handle({ readers }: InputOf<typeof recordCachedAudience>, ctx: HandlerContext): Promise<OutputOf<typeof recordCachedAudience>> {
    const ids = [...new Set(readers.flatMap((r) => r.jobIds))];
    if (!ids.length) return { counted: 0 };
    const rows = await openJobsAmong(this.ds, ids);
    const open = new Map(rows.map((row) => [row.id, row]));
    let counted = 0;
    for (const reader of readers) {
      const jobs = reader.jobIds.flatMap((id) => open.get(id) ?? []);
      // The reader as the gateway saw it; no member: cached pages are only ever answered to anonymous readers.
      const client = { ip: reader.ip, ...(reader.userAgent ? { userAgent: reader.userAgent } : {}) };
      this.recorder.record(reader.kind, jobs, { ...ctx, caller: null, client });
      counted += jobs.length;
    }
    return { counted };
  }
}
