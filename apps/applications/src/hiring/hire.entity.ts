import type { HiredJobStatus, JobMember } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A hire lives through the job's hired statuses, or was cancelled (the job is open again). */
export type HireStatus = HiredJobStatus | 'cancelled';

/** One hire: the accepted application and the work that follows. Its id is the application's id. */
@Entity({ name: 'hires' })
// At most one hire that is not cancelled per job: the local half of "exactly one accept wins".
@Index('hires_one_live_per_job', ['jobId'], { unique: true, where: `"status" <> 'cancelled'` })
@Index('hires_worker', ['workerId'])
@Index('hires_poster', ['posterId'])
export class HireEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('uuid', { name: 'poster_id' })
  posterId!: string;

  @Column('uuid', { name: 'worker_id' })
  workerId!: string;

  @Column('text')
  title!: string;

  @Column('text', { name: 'poster_visibility' })
  posterVisibility!: 'public' | 'anonymous';

  /** The poster as ratings name them (masked publicly when the job is anonymous). */
  @Column('jsonb')
  poster!: JobMember;

  @Column('jsonb')
  worker!: JobMember;

  @Column('text')
  status!: HireStatus;

  @Column('timestamptz', { name: 'cancel_requested_at', nullable: true })
  cancelRequestedAt!: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;
}
