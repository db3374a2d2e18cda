import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A federated sign-in in flight: PKCE verifier and nonce, keyed by the SHA-256 of its state. */
@Entity({ name: 'oidc_requests' })
export class OidcRequestEntity {
  @PrimaryColumn('bytea', { name: 'state_hash' })
  stateHash!: Buffer;

  @Column('text', { name: 'code_verifier' })
  codeVerifier!: string;

  @Column('text')
  nonce!: string;

  @Column('text', { name: 'callback_url', nullable: true })
  callbackUrl!: string | null;

  @Column('text', { name: 'new_user_callback_url', nullable: true })
  newUserCallbackUrl!: string | null;

  @Column('text', { name: 'error_callback_url', nullable: true })
  errorCallbackUrl!: string | null;

  @Index('oidc_requests_expires_idx')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}
