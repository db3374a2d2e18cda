import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';

import { processSettings, type ServiceEnv, serviceEnv } from '@marketplace/service-kit/edge';
import { calculateJwkThumbprint, type JWK } from 'jose';

import { gatewaySettings } from '../gateway.settings.js';

export const SIGNING_KEYS_ENV = 'OAUTH_SIGNING_KEYS';
export const COOKIE_KEYS_ENV = 'OAUTH_COOKIE_KEYS';
/** Every issued JWT (access tokens for /api/mcp) is signed with RS256. */
export const SIGNING_ALG = 'RS256';
const MIN_COOKIE_KEY_LENGTH = 32;

/** The authorization server's secrets: the first signing key signs, the first cookie key signs cookies. */
export interface ServerKeys {
  /** Private JWKs, newest first: the first signs, the others stay in the JWKS so what they signed still verifies. */
  keys: JWK[];
  /** Cookie signing secrets, newest first (oidc-provider signs with the first and accepts every one). */
  cookieKeys: string[];
}

/**
 * OAUTH_SIGNING_KEYS: a JSON array of private RSA JWKs (or one JWK object), or one or more PEM
 * private keys one after another; newest first either way. A key without `kid` gets its RFC 7638
 * thumbprint, so every gateway replica names the same key the same way.
 */
export async function parseSigningKeys(text: string): Promise<JWK[]> {
  const trimmed = text.trim();
  if (!trimmed) throw new Error(`${SIGNING_KEYS_ENV} is empty.`);
  let objects: KeyObject[];
  if (trimmed.startsWith('-----BEGIN')) {
    const blocks = trimmed.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [];
    objects = blocks.map((pem, i) => attempt(i, () => createPrivateKey(pem)));
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new Error(`${SIGNING_KEYS_ENV} must be a JSON array of private JWKs or PEM private keys.`);
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    objects = list.map((jwk, i) =>
      attempt(i, () => {
        if (!jwk || typeof jwk !== 'object') throw new Error('not a JWK object');
        return createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
      }),
    );
  }
  if (objects.length === 0) throw new Error(`${SIGNING_KEYS_ENV} holds no key.`);
  const keys: JWK[] = [];
  for (const [i, key] of objects.entries()) {
    if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
      throw new Error(`${SIGNING_KEYS_ENV}: key ${i + 1} must be an RSA private key of at least 2048 bits (tokens are signed with ${SIGNING_ALG}).`);
    }
    const { kty, n, e, d, p, q, dp, dq, qi } = key.export({ format: 'jwk' }) as Record<string, string>;
    const jwk: JWK = { kty, n, e, d, p, q, dp, dq, qi };
    keys.push({ ...jwk, kid: kidOf(i, text) ?? (await calculateJwkThumbprint({ kty, n, e })), alg: SIGNING_ALG, use: 'sig' });
  }
  if (new Set(keys.map((k) => k.kid)).size !== keys.length) throw new Error(`${SIGNING_KEYS_ENV} lists the same key id twice.`);
  return keys;

  function attempt<T>(i: number, fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw new Error(`${SIGNING_KEYS_ENV}: key ${i + 1} is not a private key (${(err as Error).message}).`);
    }
  }
}

/** The `kid` a JWK entry was given, if any (PEM keys have none). */
function kidOf(i: number, text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    const entry = (Array.isArray(parsed) ? parsed[i] : parsed) as { kid?: unknown } | undefined;
    return typeof entry?.kid === 'string' && entry.kid ? entry.kid : undefined;
  } catch {
    return undefined;
  }
}

/** OAUTH_COOKIE_KEYS: a JSON array of strings, or comma-separated; newest first; each at least 32 characters. */
export function parseCookieKeys(text: string): string[] {
  const trimmed = text.trim();
  let keys: unknown;
  if (trimmed.startsWith('[')) {
    try {
      keys = JSON.parse(trimmed);
    } catch {
      throw new Error(`${COOKIE_KEYS_ENV} starts with "[" but is not a JSON array of strings.`);
    }
  } else {
    keys = trimmed
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  }
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string')) {
    throw new Error(`${COOKIE_KEYS_ENV} must list at least one secret (a JSON array of strings, or comma-separated).`);
  }
  if (keys.some((k: string) => k.length < MIN_COOKIE_KEY_LENGTH)) {
    throw new Error(`${COOKIE_KEYS_ENV}: every secret must be at least ${MIN_COOKIE_KEY_LENGTH} characters (e.g. \`openssl rand -base64 32\`).`);
  }
  return keys as string[];
}

/**
 * The keys from the environment. Both settings or neither: without them a production gateway
 * refuses to start; elsewhere (a hand-started development gateway) the result is undefined and the
 * caller falls back to identity's development keys.
 */
export async function serverKeysFromEnv(env: ServiceEnv = serviceEnv()): Promise<ServerKeys | undefined> {
  const { oauthSigningKeys: signing, oauthCookieKeys: cookies } = gatewaySettings.read(env);
  if (!signing || !cookies) {
    const missing = [!signing && SIGNING_KEYS_ENV, !cookies && COOKIE_KEYS_ENV].filter(Boolean).join(' and ');
    if (processSettings.read(env).nodeEnv === 'production') {
      throw new Error(
        `${missing} must be set in production: the authorization server's token signing keys and cookie secrets come from configuration (see docs/operators.md, "OAuth keys").`,
      );
    }
    if (signing || cookies) throw new Error(`${missing} is not set: set both OAuth key settings or neither.`);
    return undefined;
  }
  return { keys: await parseSigningKeys(signing), cookieKeys: parseCookieKeys(cookies) };
}

/** The public half of each key, in order: what the JWKS endpoint publishes and /api/mcp verifies with. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return {
    keys: keys.map((k) => {
      const { kty, n, e } = createPublicKey({ key: k as JsonWebKey, format: 'jwk' }).export({ format: 'jwk' }) as Record<string, string>;
      return { kty, n, e, kid: k.kid, alg: k.alg ?? SIGNING_ALG, use: 'sig' };
    }),
  };
}
