import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { SignInCallbackColumns } from './sign-in-callbacks.columns.js';

/** A federated sign-in in flight: PKCE verifier and nonce, keyed by the SHA-256 of its state. */
@Entity({ name: 'oidc_requests' })
export class OidcRequestEntity extends SignInCallbackColumns {
  @PrimaryColumn('bytea', { name: 'state_hash' })
  stateHash!: Buffer;

  @Column('text', { name: 'code_verifier' })
  codeVerifier!: string;

  @Column('text')
  nonce!: string;

  @Index('oidc_requests_expires_idx')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}
