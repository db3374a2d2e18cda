import { Column, Entity, PrimaryColumn } from 'typeorm';

import { JobContentColumns } from './job-content.columns.js';

/** Immutable: every published version of a job, readable while the job is open. */
@Entity({ name: 'job_versions' })
export class JobVersionEntity extends JobContentColumns {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId!: string;

  @PrimaryColumn('integer')
  version!: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
