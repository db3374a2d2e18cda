import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, getJobVersion, listJobVersions, type InputOf, type JobVersion, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler } from '@marketplace/service-kit';
import { isJobId, OPEN_AND_LIVE } from './jobs.queries.js';

interface VersionRow { version: number; title: string; category: JobVersion['category']; constraints: string; created_at: Date }

const toVersion = (r: VersionRow): JobVersion => ({
  version: r.version, title: r.title, category: r.category, constraints: r.constraints, createdAt: r.created_at.toISOString(),
});

/** Versions are public only while the job is open (spec); otherwise the job does not exist here. */
async function versionsOf(ds: DataSource, id: string, version?: number): Promise<VersionRow[]> {
  if (!isJobId(id)) throw AppError.notFound('No open job has this id.');
  const rows: (VersionRow & { open: boolean })[] = await ds.query(
    `SELECT v.version, v.title, v.category, v.constraints, v.created_at FROM jobs j
     JOIN job_versions v ON v.job_id = j.id
     WHERE j.id = $1 AND ${OPEN_AND_LIVE} AND ($2::int IS NULL OR v.version = $2)
     ORDER BY v.version DESC`,
    [id, version ?? null],
  );
  return rows;
}

@Injectable()
export class ListJobVersionsHandler implements OperationHandler<typeof listJobVersions> {
  readonly operation = listJobVersions;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof listJobVersions>): Promise<OutputOf<typeof listJobVersions>> {
    const rows = await versionsOf(this.ds, id);
    if (!rows.length) throw AppError.notFound('No open job has this id.');
    return { versions: rows.map(toVersion) };
  }
}

@Injectable()
export class GetJobVersionHandler implements OperationHandler<typeof getJobVersion> {
  readonly operation = getJobVersion;

  constructor(private readonly ds: DataSource) {}

  async handle({ id, version }: InputOf<typeof getJobVersion>): Promise<OutputOf<typeof getJobVersion>> {
    const [row] = await versionsOf(this.ds, id, version);
    if (!row) throw AppError.notFound('No open job has this id, or it has no such version.');
    return toVersion(row);
  }
}
