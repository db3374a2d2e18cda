import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random secrets; only their SHA-256 is stored, which is enough for values this random. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
