import { AppError, getJobVersion, type InputOf, type JobVersion, listJobVersions, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { openJobVersions } from './jobs.queries.js';

type VersionRow = Awaited<ReturnType<typeof openJobVersions>>[number];

const toVersion = (r: VersionRow): JobVersion => ({
  version: r.version,
  title: r.title,
  category: r.category,
  constraints: r.constraints,
  createdAt: r.created_at.toISOString(),
});

/** Versions are public only while the job is open (spec); otherwise the job does not exist here. */
@Injectable()
export class ListJobVersionsHandler implements OperationHandler<typeof listJobVersions> {
  readonly operation = listJobVersions;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof listJobVersions>): Promise<OutputOf<typeof listJobVersions>> {
    const rows = await openJobVersions(this.ds, id);
    if (!rows.length) throw AppError.notFound('No open job has this id.');
    return { versions: rows.map(toVersion) };
  }
}

@Injectable()
export class GetJobVersionHandler implements OperationHandler<typeof getJobVersion> {
  readonly operation = getJobVersion;

  constructor(private readonly ds: DataSource) {}

  async handle({ id, version }: InputOf<typeof getJobVersion>): Promise<OutputOf<typeof getJobVersion>> {
    const [row] = await openJobVersions(this.ds, id, version);
    if (!row) throw AppError.notFound('No open job has this id, or it has no such version.');
    return toVersion(row);
  }
}
