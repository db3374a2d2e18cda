import type { JobMember } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One conversation per application. It outlives the application when an applicant deletes their
 * account (messages are kept without the name).
 */
@Entity({ name: 'conversations' })
@Index('conversations_poster', ['posterId', 'lastMessageAt'])
@Index('conversations_applicant', ['applicantId', 'lastMessageAt'])
export class ConversationEntity {
  @PrimaryColumn('uuid', { name: 'application_id' })
  applicationId!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('text')
  title!: string;

  @Column('uuid', { name: 'poster_id', nullable: true })
  posterId!: string | null;

  @Column('uuid', { name: 'applicant_id', nullable: true })
  applicantId!: string | null;

  /** The poster as the applicant sees them (masked while the job is anonymous and nobody is hired). */
  @Column('jsonb')
  poster!: JobMember;

  @Column('text', { name: 'poster_visibility' })
  posterVisibility!: 'public' | 'anonymous';

  @Column('text', { name: 'applicant_name' })
  applicantName!: string;

  @Column('timestamptz', { name: 'last_message_at' })
  lastMessageAt!: Date;
}
