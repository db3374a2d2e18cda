import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One row per viewer per job per UTC day and kind (impression or view): the key itself makes
 * each viewer count once. `viewer` is a member id, or a hash of IP and user agent.
 */
@Entity({ name: 'job_audience' })
@Index('job_audience_poster_day', ['posterId', 'day'])
export class JobAudienceEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId!: string;

  @PrimaryColumn('date')
  day!: string;

  @PrimaryColumn('text')
  kind!: 'impression' | 'view';

  @PrimaryColumn('text')
  viewer!: string;

  @Column('uuid', { name: 'poster_id' })
  posterId!: string;
}
