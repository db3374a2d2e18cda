import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';

/** The gateway's authorization server secrets, in the form its settings take. */
export interface OAuthKeys {
  /** OAUTH_SIGNING_KEYS: a JSON array of private JWKs, newest first. */
  signingKeys: string;
  /** OAUTH_COOKIE_KEYS: a JSON array of cookie secrets, newest first. */
  cookieKeys: string;
}

/**
 * Fresh per launch, like the bus keys: nothing keeps them but the gateway processes started with
 * them. After a restart, agents refresh their access tokens (refresh tokens are stored, not signed)
 * and a browser signs in to the authorization server again.
 */
export function generateOAuthKeys(): OAuthKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `local-${randomUUID()}`, alg: 'RS256', use: 'sig' };
  return {
    signingKeys: JSON.stringify([jwk]),
    cookieKeys: JSON.stringify([randomBytes(32).toString('base64url')]),
  };
}
