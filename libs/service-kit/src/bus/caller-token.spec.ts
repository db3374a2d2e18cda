import type { Caller } from '@marketplace/contracts';
import { importJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { CallerSigner, CallerVerifier, generateCallerKeys } from './caller-token.js';

const caller: Caller = { memberId: '4f1c2b8e-0000-4000-8000-000000000001', via: 'session', scopes: [], staff: false, emailVerified: true };

describe('signed callers', () => {
  it('a caller signed by the gateway is read back with its surface', async () => {
    const keys = await generateCallerKeys();
    const token = await (await CallerSigner.fromJwk(keys.signingKey)).sign(caller, 'mcp');
    const claims = await (await CallerVerifier.fromJwk(keys.verifyKey)).verify(token);
    expect(claims.caller).toEqual(caller);
    expect(claims.surface).toBe('mcp');
  });

  it('a caller signed with any other key is refused with 401', async () => {
    const ours = await generateCallerKeys();
    const theirs = await generateCallerKeys();
    const forged = await (await CallerSigner.fromJwk(theirs.signingKey)).sign({ ...caller, staff: true }, 'rest');
    await expect((await CallerVerifier.fromJwk(ours.verifyKey)).verify(forged)).rejects.toMatchObject({ status: 401 });
  });

  it('an expired or unsigned token is refused', async () => {
    const keys = await generateCallerKeys();
    const verifier = await CallerVerifier.fromJwk(keys.verifyKey);
    const key = await importJWK(JSON.parse(keys.signingKey), 'EdDSA');
    const old = Math.floor(Date.now() / 1000) - 600;
    const expired = await new SignJWT({ caller, surface: 'rest' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('marketplace-gateway')
      .setAudience('marketplace-bus')
      .setIssuedAt(old)
      .setExpirationTime(old + 120)
      .sign(key);
    await expect(verifier.verify(expired)).rejects.toMatchObject({ status: 401 });
    const [header, payload] = expired.split('.');
    await expect(verifier.verify(`${header}.${payload}.`)).rejects.toMatchObject({ status: 401 });
  });

  it('the gateway reuses a fresh token for the same caller rather than signing every request', async () => {
    const signer = await CallerSigner.fromJwk((await generateCallerKeys()).signingKey);
    expect(await signer.sign(caller, 'rest')).toBe(await signer.sign(caller, 'rest'));
    expect(await signer.sign(caller, 'rest')).not.toBe(await signer.sign(caller, 'mcp'));
  });
});
