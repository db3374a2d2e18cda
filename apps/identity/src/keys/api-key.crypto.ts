import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'tl_';

export function generateApiKey(): { key: string; prefix: string; hash: Buffer } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 10), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
