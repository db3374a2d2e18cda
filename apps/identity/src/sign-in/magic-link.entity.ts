import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An emailed sign-in link: single use, five minutes. Keyed by the SHA-256 of its token. */
@Entity({ name: 'magic_links' })
export class MagicLinkEntity {
  @PrimaryColumn('bytea', { name: 'token_hash' })
  tokenHash!: Buffer;

  @Column('text')
  email!: string;

  /** Name for the account when this link creates it. */
  @Column('text', { nullable: true })
  name!: string | null;

  @Column('text', { name: 'callback_url', nullable: true })
  callbackUrl!: string | null;

  @Column('text', { name: 'new_user_callback_url', nullable: true })
  newUserCallbackUrl!: string | null;

  @Column('text', { name: 'error_callback_url', nullable: true })
  errorCallbackUrl!: string | null;

  @Index('magic_links_expires_idx')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt!: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
