import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** Stored lower-cased; unique across accounts. */
  @Index('members_email_key', { unique: true })
  @Column('text')
  email!: string;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  headline!: string | null;

  @Column('text', { name: 'photo_url', nullable: true })
  photoUrl!: string | null;

  @Column('timestamptz', { name: 'email_verified_at', nullable: true })
  emailVerifiedAt!: Date | null;

  @Column('boolean', { default: false })
  staff!: boolean;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
