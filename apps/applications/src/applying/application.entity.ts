import type { ApplicationStatus, JobVersion } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What the application keeps of its applicant when applying (email only ever leaves as a Contact). */
export type ApplicantSnapshot = {
  name: string;
  headline: string | null;
  photoUrl: string | null;
  skills: string[];
  city: string | null;
  state: string | null;
  website: string | null;
  networkUrl: string | null;
  email: string;
};

export type ContactSnapshot = { name: string; email: string };

@Entity({ name: 'applications' })
// One live application per member and job; withdrawing frees the slot so the member can apply again.
@Index('applications_one_per_job', ['jobId', 'applicantId'], { unique: true, where: `"status" <> 'withdrawn'` })
@Index('applications_job_time', ['jobId', 'createdAt'])
@Index('applications_applicant_time', ['applicantId', 'createdAt'])
export class ApplicationEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('uuid', { name: 'applicant_id' })
  applicantId!: string;

  @Column('uuid', { name: 'poster_id' })
  posterId!: string;

  @Column('text')
  status!: ApplicationStatus;

  @Column('text')
  pitch!: string;

  @Column('text', { nullable: true })
  agent!: string | null;

  @Column('text', { nullable: true })
  model!: string | null;

  /** Markdown resume as it was when applying. */
  @Column('text', { nullable: true })
  resume!: string | null;

  @Column('boolean', { name: 'via_agent', default: false })
  viaAgent!: boolean;

  @Column('jsonb', { name: 'applied_to' })
  appliedTo!: JobVersion;

  @Column('jsonb')
  applicant!: ApplicantSnapshot;

  /** Whether the public applicant list shows the member (opted in when applying) or a codename. */
  @Column('text')
  visibility!: 'anonymous' | 'public';

  /** The poster's contact, shared with the applicant once accepted. */
  @Column('jsonb', { name: 'poster_contact', nullable: true })
  posterContact!: ContactSnapshot | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;

  /** The hire that declined this application; cancelling that hire makes it wait again. */
  @Column('uuid', { name: 'displaced_by', nullable: true })
  displacedBy!: string | null;
}
