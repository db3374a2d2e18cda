import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Jobs this service has seen close. An application checks here under the same per-job lock the
 * job.closed consumer takes, so one written just after the close is refused rather than left
 * waiting forever.
 */
@Entity({ name: 'closed_jobs' })
export class ClosedJobEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('timestamptz', { name: 'closed_at' })
  closedAt!: Date;
}
