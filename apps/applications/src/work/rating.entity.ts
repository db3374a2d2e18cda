import type { JobMember } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One side's rating of the other on a hire; public once the hire is completed. */
@Entity({ name: 'ratings' })
@Index('ratings_one_per_side', ['hireId', 'as'], { unique: true })
@Index('ratings_ratee', ['rateeId'])
export class RatingEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'hire_id' })
  hireId!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  /** Null once the rater deleted their account. */
  @Column('uuid', { name: 'rater_id', nullable: true })
  raterId!: string | null;

  @Column('uuid', { name: 'ratee_id' })
  rateeId!: string;

  /** The side the rated member was on. */
  @Column('text')
  as!: 'worker' | 'poster';

  @Column('integer')
  score!: number;

  @Column('text')
  description!: string;

  @Column('jsonb')
  by!: JobMember;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
