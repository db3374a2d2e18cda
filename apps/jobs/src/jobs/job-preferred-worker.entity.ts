import { Entity, Index, PrimaryColumn } from 'typeorm';

/** Members a poster named as preferred workers, resolved to ids; never shown publicly. */
@Entity({ name: 'job_preferred_workers' })
@Index('job_preferred_workers_member', ['memberId'])
export class JobPreferredWorkerEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId!: string;

  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;
}
