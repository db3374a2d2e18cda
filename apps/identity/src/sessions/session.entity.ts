import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A browser session. Only the SHA-256 of the cookie's token is kept. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('sessions_token_hash_key', { unique: true })
  @Column('bytea', { name: 'token_hash' })
  tokenHash!: Buffer;

  @Index('sessions_member_idx')
  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** Slides forward while the session is used, at most once a day. */
  @Index('sessions_expires_idx')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'renewed_at', default: () => 'now()' })
  renewedAt!: Date;

  @Column('text', { name: 'user_agent', nullable: true })
  userAgent!: string | null;
}
