import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Authorization codes, refresh tokens and the other bearer-token kinds are stored under
 * sha256(token) with the token (`jti`) dropped from the payload (the gateway's bus-adapter.ts,
 * HASHED_KINDS). Existing rows are converted in place, so refresh tokens already issued keep working.
 */
export class HashOauthTokenIds1795420000000 implements MigrationInterface {
  name = 'HashOauthTokenIds1795420000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE oauth_records SET id = encode(sha256(convert_to(id, 'UTF8')), 'hex'), payload = payload - 'jti'
       WHERE model = ANY($1)`,
      [
        [
          'AuthorizationCode',
          'RefreshToken',
          'AccessToken',
          'ClientCredentials',
          'InitialAccessToken',
          'RegistrationAccessToken',
          'PushedAuthorizationRequest',
          'BackchannelAuthenticationRequest',
        ],
      ],
    );
  }

  async down(): Promise<void> {
    throw new Error('HashOauthTokenIds1795420000000 is not reversible: the token values are not kept.');
  }
}
