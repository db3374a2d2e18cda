import type { SubmissionStatus } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'submissions' })
@Index('submissions_hire_round', ['hireId', 'round'], { unique: true })
export class SubmissionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'hire_id' })
  hireId!: string;

  @Column('integer')
  round!: number;

  @Column('text')
  body!: string;

  @Column('jsonb')
  links!: { url: string; label: string | null }[];

  /** Files turned in from the job's worker folder (locked there by the files service). */
  @Column('jsonb', { default: () => "'[]'" })
  files!: { id: string; path: string; size: number }[];

  @Column('text', { nullable: true })
  model!: string | null;

  @Column('text')
  status!: SubmissionStatus;

  @Column('text', { nullable: true })
  feedback!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;
}
