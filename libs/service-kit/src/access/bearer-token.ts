import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer links: 32 random bytes (base64url, 43 characters) stored only as their sha256 (hex), so a
 * database dump leaks no working link and a link is withdrawn by forgetting its hash.
 */
export function newBearerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashBearerToken(token) };
}

export function hashBearerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
