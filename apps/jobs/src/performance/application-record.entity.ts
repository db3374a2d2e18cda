import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Applications received, from application.submitted events, for the poster's performance report. */
@Entity({ name: 'application_records' })
@Index('application_records_poster_time', ['posterId', 'submittedAt'])
export class ApplicationRecordEntity {
  @PrimaryColumn('uuid', { name: 'application_id' })
  applicationId!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('uuid', { name: 'poster_id' })
  posterId!: string;

  @Column('boolean', { name: 'via_agent' })
  viaAgent!: boolean;

  @Column('timestamptz', { name: 'submitted_at' })
  submittedAt!: Date;
}
