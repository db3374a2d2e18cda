import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Category } from '@marketplace/contracts';

/** Immutable: every published version of a job, readable while the job is open. */
@Entity({ name: 'job_versions' })
export class JobVersionEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId!: string;

  @PrimaryColumn('integer')
  version!: number;

  @Column('text')
  title!: string;

  @Column('text')
  category!: Category;

  @Column('text')
  constraints!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
