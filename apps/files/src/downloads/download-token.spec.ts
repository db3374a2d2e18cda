import { DOWNLOAD_TOKEN } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { downloadTokenHash, grantIsLive, hashDownloadToken, newDownloadToken } from './download-token.js';

describe('download tokens', () => {
  it('are 32 random bytes in base64url, fresh each time, matching the route pattern', () => {
    const a = newDownloadToken();
    const b = newDownloadToken();
    expect(a.token).toMatch(DOWNLOAD_TOKEN);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).not.toBe(b.hash);
  });

  it('are stored as their sha256 only, and the same token always finds the same row', () => {
    const { token, hash } = newDownloadToken();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(downloadTokenHash(token)).toBe(hash);
    expect(hashDownloadToken(token)).toBe(hash);
  });

  it('a forged or altered token hashes elsewhere, and non-tokens are refused before any lookup', () => {
    const { token, hash } = newDownloadToken();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(downloadTokenHash(altered)).toBeDefined();
    expect(downloadTokenHash(altered)).not.toBe(hash);
    for (const bad of ['', 'short', `${token}x`, `${token.slice(0, -1)}=`, '../../etc/passwd', hash]) {
      expect(downloadTokenHash(bad)).toBeUndefined();
    }
  });

  it('a grant works until its expiry, not at or after it', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(grantIsLive(new Date(now.getTime() + 1), now)).toBe(true);
    expect(grantIsLive(now, now)).toBe(false);
    expect(grantIsLive(new Date(now.getTime() - 1), now)).toBe(false);
  });
});
