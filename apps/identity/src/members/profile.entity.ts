import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'profiles' })
export class ProfileEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text', { nullable: true })
  about!: string | null;

  @Column('jsonb')
  skills!: string[];

  @Column('text', { nullable: true })
  city!: string | null;

  @Column('text', { nullable: true })
  state!: string | null;

  @Column('text', { nullable: true })
  website!: string | null;

  /** Markdown resume, attached to applications as a snapshot. */
  @Column('text', { nullable: true })
  resume!: string | null;

  @Column('boolean', { name: 'us_work_authorized', nullable: true })
  usWorkAuthorized!: boolean | null;

  @Column('text', { name: 'applicant_visibility', default: 'anonymous' })
  applicantVisibility!: 'anonymous' | 'public';

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
