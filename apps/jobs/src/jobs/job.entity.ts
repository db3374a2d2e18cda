import type { JobStatus, PosterVisibility } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { JobContentColumns } from './job-content.columns.js';

/**
 * The board's read paths use hand-tuned partial indexes (created in migrations; TypeORM cannot
 * express DESC or partial-index column orders), so they are declared here with synchronize: false.
 */
@Entity({ name: 'jobs' })
@Index('jobs_open_newest', { synchronize: false })
@Index('jobs_open_category_newest', { synchronize: false })
@Index('jobs_open_poster_newest', { synchronize: false })
@Index('jobs_poster_newest', { synchronize: false })
@Index('jobs_search', { synchronize: false })
@Index('jobs_search_by_period', { synchronize: false })
@Index('jobs_open_closes_at', { synchronize: false })
@Index('jobs_open_posters', { synchronize: false })
export class JobEntity extends JobContentColumns {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'poster_id' })
  posterId!: string;

  @Column('text', { name: 'poster_visibility' })
  posterVisibility!: PosterVisibility;

  @Column('text')
  status!: JobStatus;

  @Column('boolean', { name: 'safety_hidden', default: false })
  safetyHidden!: boolean;

  /** Hidden (safety_hidden) because its poster is suspended; lifting the suspension shows it again. */
  @Column('boolean', { name: 'suspension_hidden', default: false })
  suspensionHidden!: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('integer', { default: 1 })
  version!: number;

  @Column('timestamptz', { name: 'updated_at', nullable: true })
  updatedAt!: Date | null;

  @Column('timestamptz', { name: 'closes_at', nullable: true })
  closesAt!: Date | null;

  /** Applications received, not counting withdrawn; kept up to date from application events. */
  @Column('integer', { default: 0 })
  applicants!: number;

  /** Preferred workers as named by the poster (member id, exact name or email); never public. */
  @Column('jsonb', { name: 'preferred_workers' })
  preferredWorkers!: string[];

  /** The hired worker while work is underway or done (set by the applications service's hire). */
  @Column('uuid', { name: 'worker_id', nullable: true })
  workerId!: string | null;

  /** The accepted application of the current hire; compare-and-set moves must name it. */
  @Column('uuid', { name: 'hired_application_id', nullable: true })
  hiredApplicationId!: string | null;
  /** Title (weight A) over description (weight B), kept by a trigger (see the search migration). */
  @Column('tsvector', { name: 'search_vector', nullable: true, select: false })
  searchVector!: string | null;

  /** Meaning of title and description from the configured embedding model; null until computed. */
  @Column('real', { array: true, nullable: true, select: false })
  embedding!: number[] | null;

  /** The approved walkthrough video of the draft this job was posted from (object key); drafts made it. */
  @Column('text', { name: 'walkthrough_key', nullable: true })
  walkthroughKey!: string | null;

  /** Signs the job's private walkthrough links, so they need no shared key and die with the job. */
  @Column('text', { name: 'walkthrough_secret', nullable: true, select: false })
  walkthroughSecret!: string | null;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt!: Date | null;
}
