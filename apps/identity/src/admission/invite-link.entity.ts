import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One shareable invitation link per member, created on first request. */
@Entity({ name: 'invite_links' })
export class InviteLinkEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('invite_links_member_key', { unique: true })
  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  /** sha256 of the token, hex: what a presented link is looked up by. */
  @Index('invite_links_token_hash_key', { unique: true })
  @Column('text', { name: 'token_hash' })
  tokenHash!: string;

  /** The token sealed under DATA_ENCRYPTION_KEY, so the owner and staff can see the link again. */
  @Column('text', { name: 'token_sealed' })
  tokenSealed!: string;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
