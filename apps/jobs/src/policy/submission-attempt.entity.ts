import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Valid posting attempts, counted for the per-day and per-minute limits (refusals included). */
@Entity({ name: 'submission_attempts' })
@Index('submission_attempts_member_time', ['memberId', 'kind', 'createdAt'])
export class SubmissionAttemptEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  kind!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
