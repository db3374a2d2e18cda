import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A job on the team surface: posted by a member for their team, with a budget. It lives beside
 * member jobs (same safety review, posting limits and 14-day lifetime) but apart from the member
 * board, whose listings, search and counts it never enters.
 */
@Entity({ name: 'team_jobs' })
@Index('team_jobs_team_created', ['teamId', 'createdAt'])
@Index('team_jobs_open_created', ['status', 'createdAt'])
export class TeamJobEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'team_id' })
  teamId!: string;

  /** The team's name, kept current by team.renamed. */
  @Column('text')
  company!: string;

  @Column('uuid', { name: 'posted_by' })
  postedBy!: string;

  @Column('text')
  title!: string;

  @Column('integer')
  budget!: number;

  @Column('text')
  constraints!: string;

  /** open, filled or closed; an open job past closes_at reads as closed until the sweep closes it. */
  @Column('text')
  status!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'closes_at', nullable: true })
  closesAt!: Date | null;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;

  @Column('uuid', { name: 'hired_application_id', nullable: true })
  hiredApplicationId!: string | null;
}

/** The listing-fee ledger: one row per team job, recorded and never charged (payments are off). */
@Entity({ name: 'listing_fees' })
export class ListingFeeEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId!: string;

  @Index('listing_fees_team_idx')
  @Column('uuid', { name: 'team_id' })
  teamId!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('integer', { name: 'amount_dollars' })
  amountDollars!: number;

  @Column('boolean', { default: false })
  charged!: boolean;

  @Column('timestamptz', { name: 'recorded_at', default: () => 'now()' })
  recordedAt!: Date;
}

/** Applications received by team jobs, from team_application.submitted, for the team's performance. */
@Entity({ name: 'team_application_records' })
@Index('team_application_records_team_time', ['teamId', 'submittedAt'])
export class TeamApplicationRecordEntity {
  @PrimaryColumn('uuid', { name: 'application_id' })
  applicationId!: string;

  @Column('uuid', { name: 'team_id' })
  teamId!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('timestamptz', { name: 'submitted_at' })
  submittedAt!: Date;
}
