import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The public card of each member who posted, kept by the jobs service so board reads never
 * wait on the identity service. Refreshed whenever the member posts.
 */
@Entity({ name: 'posters' })
export class PosterEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  headline!: string | null;

  @Column('text', { name: 'photo_url', nullable: true })
  photoUrl!: string | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
