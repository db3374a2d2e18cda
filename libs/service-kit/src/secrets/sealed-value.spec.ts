import { describe, expect, it } from 'vitest';

import { assertDataKey, DATA_KEY_ENV, isSealed, matchesDigest, openSealed, openSealedJson, sealJson, sealValue, secretDigest } from './sealed-value.js';

const env = (value: string) => ({ [DATA_KEY_ENV]: value });
const KEY_A = 'a'.repeat(32);
const KEY_B = 'b'.repeat(40);

describe('sealed values (AES-256-GCM under DATA_ENCRYPTION_KEY)', () => {
  it('seals so the value is not in the stored text, and opens it again', () => {
    const sealed = sealValue('invite-token-123', 'identity.invite_links.token', env(KEY_A));
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('invite-token-123');
    expect(sealValue('invite-token-123', 'identity.invite_links.token', env(KEY_A))).not.toBe(sealed);
    expect(openSealed(sealed, 'identity.invite_links.token', env(KEY_A))).toBe('invite-token-123');
    expect(openSealedJson(sealJson({ d: 'x' }, 'p', env(KEY_A)), 'p', env(KEY_A))).toEqual({ d: 'x' });
  });

  it('opens only for the purpose it was sealed for, and refuses a changed value', () => {
    const sealed = sealValue('s', 'jobs.walkthrough_secret', env(KEY_A));
    expect(() => openSealed(sealed, 'notifications.keys', env(KEY_A))).toThrow();
    const parts = sealed.split(':');
    parts[4] = Buffer.from('t').toString('base64url');
    expect(() => openSealed(parts.join(':'), 'jobs.walkthrough_secret', env(KEY_A))).toThrow();
  });

  it('rotates: the first key seals, older keys still open; a dropped key is named', () => {
    const old = sealValue('v', 'p', env(KEY_A));
    const rotated = env(`${KEY_B},${KEY_A}`);
    expect(openSealed(old, 'p', rotated)).toBe('v');
    const fresh = sealValue('v', 'p', rotated);
    expect(() => openSealed(fresh, 'p', env(KEY_A))).toThrow(/no longer lists/);
  });

  it('refuses a missing or short key', () => {
    expect(() => sealValue('v', 'p', {})).toThrow(/DATA_ENCRYPTION_KEY is not set/);
    expect(() => sealValue('v', 'p', env('short'))).toThrow(/at least 32/);
    expect(() => assertDataKey({})).toThrow(/DATA_ENCRYPTION_KEY is not set/);
    expect(() => assertDataKey(env(KEY_A))).not.toThrow();
  });

  it('digests what is only compared', () => {
    const digest = secretDigest('token');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(matchesDigest('token', digest)).toBe(true);
    expect(matchesDigest('other', digest)).toBe(false);
  });
});
