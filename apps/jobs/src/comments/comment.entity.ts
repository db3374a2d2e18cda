import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A public comment on a job. Deleting keeps the row (replies hang on it) without text or author. */
@Entity({ name: 'job_comments' })
@Index('job_comments_job_time', ['jobId', 'createdAt'])
export class CommentEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('uuid', { name: 'parent_id', nullable: true })
  parentId!: string | null;

  @Column('uuid', { name: 'author_id', nullable: true })
  authorId!: string | null;

  /** The author's name when they wrote it; public anyway, and reads never wait on identity. */
  @Column('text', { name: 'author_name', nullable: true })
  authorName!: string | null;

  @Column('text', { name: 'author_kind' })
  authorKind!: 'person' | 'agent';

  @Column('text', { nullable: true })
  body!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt!: Date | null;

  /** Set while moderators have removed it; text and author stay stored for a restore after an appeal. */
  @Column('timestamptz', { name: 'removed_at', nullable: true })
  removedAt!: Date | null;
}
