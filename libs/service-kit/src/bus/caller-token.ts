import { AppError, type Caller, type Surface } from '@marketplace/contracts';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';

import { busSettings } from '../scope/kit-settings.js';
import { serviceEnv } from '../scope/service-scope.js';

const ALG = 'EdDSA';
const AUDIENCE = 'marketplace-bus';
const ISSUER = 'marketplace-gateway';
/** Long enough for a request and the service-to-service calls it makes; short enough that a leaked token is soon useless. */
const LIFETIME_S = 120;
/** The gateway reuses a token while it has at least this long left, so signing is not on every request. */
const REUSE_MIN_LEFT_S = 60;
const CACHE_MAX = 10_000;

export const CALLER_SIGNING_KEY_ENV = 'BUS_CALLER_SIGNING_KEY';
export const CALLER_VERIFY_KEY_ENV = 'BUS_CALLER_VERIFY_KEY';

interface CallerClaims {
  caller: Caller;
  surface: Surface;
}

/** A fresh per-deployment key pair: the private JWK for the gateway, the public one for services. */
export async function generateCallerKeys(): Promise<{ signingKey: string; verifyKey: string }> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  return { signingKey: JSON.stringify(await exportJWK(privateKey)), verifyKey: JSON.stringify(await exportJWK(publicKey)) };
}

async function importKey(json: string, env: string): Promise<CryptoKey> {
  let jwk: JWK;
  try {
    jwk = JSON.parse(json) as JWK;
  } catch {
    throw new Error(`${env} must be an Ed25519 JWK (JSON); \`npm run marketplace -- bus credentials\` makes one.`);
  }
  return (await importJWK(jwk, ALG)) as CryptoKey;
}

function bounded<K, V>(map: Map<K, V>): void {
  if (map.size < CACHE_MAX) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}

/** The gateway's half: puts the caller it authenticated into a token services can check. */
export class CallerSigner {
  private readonly cache = new Map<string, { token: string; exp: number }>();

  private constructor(private readonly key: CryptoKey) {}

  static async fromJwk(json: string): Promise<CallerSigner> {
    return new CallerSigner(await importKey(json, CALLER_SIGNING_KEY_ENV));
  }

  static async fromEnv(env: NodeJS.ProcessEnv = serviceEnv()): Promise<CallerSigner> {
    const json = busSettings.read(env).callerSigningKey;
    if (!json) throw new Error(`${CALLER_SIGNING_KEY_ENV} is not set: the gateway signs every caller it passes to services.`);
    return CallerSigner.fromJwk(json);
  }

  async sign(caller: Caller, surface: Surface): Promise<string> {
    const cacheKey = `${surface}\u0000${JSON.stringify(caller)}`;
    const now = Math.floor(Date.now() / 1000);
    const hit = this.cache.get(cacheKey);
    if (hit && hit.exp - now >= REUSE_MIN_LEFT_S) return hit.token;
    const exp = now + LIFETIME_S;
    const token = await new SignJWT({ caller, surface } satisfies CallerClaims as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: ALG })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(caller.memberId)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    this.cache.delete(cacheKey);
    bounded(this.cache);
    this.cache.set(cacheKey, { token, exp });
    return token;
  }
}

/** A service's half: the only way a caller enters a handler. */
export class CallerVerifier {
  private readonly cache = new Map<string, CallerClaims & { exp: number }>();

  private constructor(private readonly key: CryptoKey) {}

  static async fromJwk(json: string): Promise<CallerVerifier> {
    return new CallerVerifier(await importKey(json, CALLER_VERIFY_KEY_ENV));
  }

  static async fromEnv(env: NodeJS.ProcessEnv = serviceEnv()): Promise<CallerVerifier> {
    const json = busSettings.read(env).callerVerifyKey;
    if (!json) {
      throw new Error(
        `${CALLER_VERIFY_KEY_ENV} is not set: services accept only callers signed by the gateway (see docs/operators.md, "The bus: who may say what").`,
      );
    }
    return CallerVerifier.fromJwk(json);
  }

  async verify(token: string): Promise<CallerClaims> {
    const now = Math.floor(Date.now() / 1000);
    const hit = this.cache.get(token);
    if (hit && hit.exp > now) return hit;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], audience: AUDIENCE, issuer: ISSUER });
      const claims = { caller: payload.caller as Caller, surface: payload.surface as Surface, exp: payload.exp ?? now };
      bounded(this.cache);
      this.cache.set(token, claims);
      return claims;
    } catch {
      throw AppError.unauthorized('The request did not carry a valid signed caller.');
    }
  }
}
