import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A member's candidate profile for the team surface. Kept here, beside the team applications that
 * need it: applying checks it in the same service, without a call to identity.
 */
@Entity({ name: 'candidates' })
export class CandidateEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  state!: string;

  @Column('boolean', { name: 'us_work_authorized' })
  usWorkAuthorized!: boolean;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}

/**
 * An application to a team job. What the job and candidate were when applying is kept on the row,
 * so listing never calls another service. One per candidate and job; one accepted per job.
 */
@Entity({ name: 'team_applications' })
@Index('team_applications_job_candidate_key', ['jobId', 'candidateId'], { unique: true })
@Index('team_applications_one_hire', ['jobId'], { unique: true, where: "status = 'accepted'" })
@Index('team_applications_candidate_time', ['candidateId', 'createdAt'])
export class TeamApplicationEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('uuid', { name: 'team_id' })
  teamId!: string;

  @Column('uuid', { name: 'posted_by' })
  postedBy!: string;

  @Column('text')
  title!: string;

  @Column('text')
  company!: string;

  @Column('integer')
  budget!: number;

  @Column('uuid', { name: 'candidate_id' })
  candidateId!: string;

  @Column('text', { name: 'candidate_name' })
  candidateName!: string;

  @Column('text', { name: 'candidate_state' })
  candidateState!: string;

  @Column('text')
  pitch!: string;

  @Column('text', { nullable: true })
  agent!: string | null;

  /** submitted, accepted, declined or withdrawn. */
  @Column('text')
  status!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;

  /** The candidate's name and email, shown to the team once hired. */
  @Column('jsonb', { name: 'candidate_contact', nullable: true })
  candidateContact!: { name: string; email: string } | null;

  /** The hiring team member's name and email, shown to the candidate once hired. */
  @Column('jsonb', { name: 'team_contact', nullable: true })
  teamContact!: { name: string; email: string } | null;
}
