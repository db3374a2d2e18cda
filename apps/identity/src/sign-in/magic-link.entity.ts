import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { SignInCallbackColumns } from './sign-in-callbacks.columns.js';

/** An emailed sign-in link: single use, five minutes. Keyed by the SHA-256 of its token. */
@Entity({ name: 'magic_links' })
export class MagicLinkEntity extends SignInCallbackColumns {
  @PrimaryColumn('bytea', { name: 'token_hash' })
  tokenHash!: Buffer;

  @Column('text')
  email!: string;

  /** Name for the account when this link creates it. */
  @Column('text', { nullable: true })
  name!: string | null;

  @Index('magic_links_expires_idx')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt!: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
