import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Counted attempts for the few-per-hour limits (invitation tries, waitlist sign-ups). */
@Entity({ name: 'rate_hits' })
@Index('rate_hits_bucket_subject_time', ['bucket', 'subject', 'createdAt'])
export class RateHitEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  bucket!: string;

  @Column('text')
  subject!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
