import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One shareable invitation link per member, created on first request. */
@Entity({ name: 'invite_links' })
export class InviteLinkEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('invite_links_member_key', { unique: true })
  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Index('invite_links_token_key', { unique: true })
  @Column('text')
  token!: string;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
