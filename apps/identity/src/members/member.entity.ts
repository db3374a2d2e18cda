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

  /** Public network profile link (`https://{network_host}/in/{slug}`), set by sign-up or import. */
  @Column('text', { name: 'network_url', nullable: true })
  networkUrl!: string | null;

  /**
   * Set when the member deletes their account: from then on no key or session authenticates and
   * the member page is gone; the identity consumer of member.deleted removes the rest.
   */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt!: Date | null;

  /** Set while moderators have removed the member: the public page keeps the name, not the profile or photo. */
  @Column('timestamptz', { name: 'removed_at', nullable: true })
  removedAt!: Date | null;

  /** Set while staff have suspended the member: they may read and appeal, not write. */
  @Column('timestamptz', { name: 'suspended_at', nullable: true })
  suspendedAt!: Date | null;

  @Column('text', { name: 'suspension_reason', nullable: true })
  suspensionReason!: string | null;

  @Column('uuid', { name: 'suspended_by', nullable: true })
  suspendedBy!: string | null;

  /** Let in by an invitation while invite-only (members from before invite-only need none). */
  @Column('timestamptz', { name: 'admitted_at', nullable: true })
  admittedAt!: Date | null;

  /** Next sign-up step while identity verification is enabled. */
  @Column('text', { name: 'sign_up_step', default: 'network' })
  signUpStep!: 'network' | 'identity' | 'work';

  /** Set once sign-up is done; with verification disabled, set automatically once let in. */
  @Column('timestamptz', { name: 'sign_up_finished_at', nullable: true })
  signUpFinishedAt!: Date | null;

  @Column('text', { name: 'identity_status', default: 'none' })
  identityStatus!: 'none' | 'started' | 'review' | 'verified' | 'failed' | 'expired' | 'duplicate';

  @Column('text', { name: 'verified_name', nullable: true })
  verifiedName!: string | null;
}
