import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

import type { BusClient } from '@marketplace/service-kit/edge';
import { importJWK, jwtVerify, SignJWT } from 'jose';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';

import { AuthorizationServer } from './authorization-server.js';
import { HASHED_KINDS, storedId } from './bus-adapter.js';
import { parseCookieKeys, parseSigningKeys, publicJwks, serverKeysFromEnv } from './server-keys.js';

function rsa(bits = 2048) {
  return generateKeyPairSync('rsa', { modulusLength: bits }).privateKey;
}
const cookie = () => randomBytes(32).toString('base64url');

describe('OAUTH_SIGNING_KEYS', () => {
  it('reads a JSON array of JWKs in order, keeping their kid, marked RS256 signing keys', async () => {
    const [a, b] = [rsa(), rsa()];
    const keys = await parseSigningKeys(
      JSON.stringify([
        { ...a.export({ format: 'jwk' }), kid: 'new' },
        { ...b.export({ format: 'jwk' }), kid: 'old' },
      ]),
    );
    expect(keys.map((k) => k.kid)).toEqual(['new', 'old']);
    expect(keys.every((k) => k.alg === 'RS256' && k.use === 'sig' && typeof k.d === 'string')).toBe(true);
  });

  it('reads PEM keys (one or several); kid is the thumbprint, the same on every replica', async () => {
    const [a, b] = [rsa(), rsa()];
    const pem = `${a.export({ format: 'pem', type: 'pkcs8' })}\n${b.export({ format: 'pem', type: 'pkcs1' })}`;
    const once = await parseSigningKeys(pem);
    const again = await parseSigningKeys(pem);
    expect(once).toHaveLength(2);
    expect(once[0]!.kid).toMatch(/^[\w-]{43}$/);
    expect(once.map((k) => k.kid)).toEqual(again.map((k) => k.kid));
    expect(once[0]!.n).toBe((a.export({ format: 'jwk' }) as { n: string }).n);
  });

  it('refuses public keys, non-RSA and short RSA keys, garbage, naming the setting', async () => {
    const pub = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
    await expect(parseSigningKeys(JSON.stringify([pub]))).rejects.toThrow(/OAUTH_SIGNING_KEYS: key 1 is not a private key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    await expect(parseSigningKeys(JSON.stringify([ec]))).rejects.toThrow(/OAUTH_SIGNING_KEYS: key 1 must be an RSA/);
    await expect(parseSigningKeys(JSON.stringify([rsa(1024).export({ format: 'jwk' })]))).rejects.toThrow(/at least 2048/);
    await expect(parseSigningKeys('secret')).rejects.toThrow(/OAUTH_SIGNING_KEYS must be/);
    await expect(parseSigningKeys('[]')).rejects.toThrow(/holds no key/);
  });
});

describe('OAUTH_COOKIE_KEYS', () => {
  it('reads a JSON array or a comma-separated list, newest first; short secrets are refused', () => {
    const [a, b] = [cookie(), cookie()];
    expect(parseCookieKeys(JSON.stringify([a, b]))).toEqual([a, b]);
    expect(parseCookieKeys(`${a}, ${b}`)).toEqual([a, b]);
    expect(() => parseCookieKeys('dev')).toThrow(/OAUTH_COOKIE_KEYS: every secret must be at least 32/);
    expect(() => parseCookieKeys('[1]')).toThrow(/OAUTH_COOKIE_KEYS must list/);
  });
});

describe('serverKeysFromEnv', () => {
  const signing = JSON.stringify([rsa().export({ format: 'jwk' })]);

  it('production refuses to start without both settings, naming what is missing', async () => {
    await expect(serverKeysFromEnv({ NODE_ENV: 'production' })).rejects.toThrow(/OAUTH_SIGNING_KEYS and OAUTH_COOKIE_KEYS must be set in production/);
    await expect(serverKeysFromEnv({ NODE_ENV: 'production', OAUTH_SIGNING_KEYS: signing })).rejects.toThrow(/^OAUTH_COOKIE_KEYS must be set in production/);
  });

  it('development without them falls back (undefined); one without the other is a mistake', async () => {
    expect(await serverKeysFromEnv({ NODE_ENV: 'development' })).toBeUndefined();
    await expect(serverKeysFromEnv({ OAUTH_SIGNING_KEYS: signing })).rejects.toThrow(/OAUTH_COOKIE_KEYS is not set/);
    const keys = await serverKeysFromEnv({ NODE_ENV: 'production', OAUTH_SIGNING_KEYS: signing, OAUTH_COOKIE_KEYS: cookie() });
    expect(keys?.keys).toHaveLength(1);
  });
});

describe('key rotation at the authorization server', () => {
  it('the JWKS lists every configured key (public parts only); tokens of the old key still verify', async () => {
    const [fresh, old] = [rsa(), rsa()];
    const keys = await parseSigningKeys(
      JSON.stringify([
        { ...fresh.export({ format: 'jwk' }), kid: 'k-2' },
        { ...old.export({ format: 'jwk' }), kid: 'k-1' },
      ]),
    );
    const server = new AuthorizationServer({
      bus: {} as BusClient,
      publicUrl: 'http://127.0.0.1:9',
      logger: pino({ level: 'silent' }),
      keys: { keys, cookieKeys: [cookie(), cookie()] },
    });
    const loaded = await server.load();
    const http = createServer(loaded.provider.callback());
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    try {
      const port = (http.address() as { port: number }).port;
      const jwks = (await (await fetch(`http://127.0.0.1:${port}/api/auth/oauth2/jwks`)).json()) as { keys: Record<string, string>[] };
      expect(jwks.keys.map((k) => k.kid)).toEqual(['k-2', 'k-1']);
      expect(jwks.keys.every((k) => k.n && !k.d && !k.p)).toBe(true);
    } finally {
      http.close();
    }
    for (const jwk of keys) {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
        .setExpirationTime('5m')
        .sign(await importJWK(jwk, 'RS256'));
      await expect(jwtVerify(token, loaded.verifyKeys)).resolves.toBeTruthy();
    }
    expect(publicJwks(keys).keys.map((k) => k.kid)).toEqual(['k-2', 'k-1']);
  });
});

describe('stored ids of bearer tokens', () => {
  it('codes and refresh tokens are keyed by sha256 hex; clients and grants by their own id', () => {
    expect(HASHED_KINDS.has('RefreshToken') && HASHED_KINDS.has('AuthorizationCode')).toBe(true);
    expect(storedId('RefreshToken', 'abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(storedId('Client', 'abc')).toBe('abc');
    expect(storedId('Grant', 'abc')).toBe('abc');
  });
});
