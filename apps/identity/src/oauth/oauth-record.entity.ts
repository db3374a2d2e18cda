import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Everything the authorization server stores (oidc-provider adapter models: Client, Grant,
 * Session, Interaction, AuthorizationCode, RefreshToken, …), one row per model + id.
 */
@Entity({ name: 'oauth_records' })
@Index('oauth_records_grant_idx', ['grantId'], { where: '"grant_id" IS NOT NULL' })
@Index('oauth_records_uid_idx', ['model', 'uid'], { where: '"uid" IS NOT NULL' })
@Index('oauth_records_user_code_idx', ['model', 'userCode'], { where: '"user_code" IS NOT NULL' })
@Index('oauth_records_expires_idx', ['expiresAt'], { where: '"expires_at" IS NOT NULL' })
export class OAuthRecordEntity {
  @PrimaryColumn('text')
  model!: string;

  @PrimaryColumn('text')
  id!: string;

  @Column('jsonb')
  payload!: Record<string, unknown>;

  @Column('text', { name: 'grant_id', nullable: true })
  grantId!: string | null;

  @Column('text', { name: 'user_code', nullable: true })
  userCode!: string | null;

  @Column('text', { nullable: true })
  uid!: string | null;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column('timestamptz', { name: 'consumed_at', nullable: true })
  consumedAt!: Date | null;
}
