import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Only the SHA-256 of a key is kept: keys are 256-bit random, so a fast hash is enough. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('api_keys_member_idx')
  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  name!: string;

  /** member (default), or team / candidate: keys that get the team surface on the shared paths. */
  @Column('text', { default: 'member' })
  kind!: string;

  /** First characters of the key, shown so a member can tell keys apart. */
  @Column('text')
  prefix!: string;

  @Index('api_keys_hash_key', { unique: true })
  @Column('bytea')
  hash!: Buffer;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
