import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `<field>.<field>….<signature>`: fields readable by anyone, an HMAC-SHA256 over the purpose and
 * the fields, so a token signed for one purpose (or one job) never passes for another. Fields must
 * not contain dots.
 */
export function signToken(key: string, purpose: string, fields: readonly string[]): string {
  return [...fields, signature(key, purpose, fields)].join('.');
}

/** The token's fields when its signature holds and it has exactly `count` of them, else null. */
export function verifySignedToken(key: string, purpose: string, token: string, count: number): string[] | null {
  const parts = token.split('.');
  if (parts.length !== count + 1 || parts.some((p) => !p)) return null;
  const fields = parts.slice(0, count);
  const expected = Buffer.from(signature(key, purpose, fields));
  const given = Buffer.from(parts[count]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? fields : null;
}

function signature(key: string, purpose: string, fields: readonly string[]): string {
  return createHmac('sha256', key)
    .update([purpose, ...fields].join(':'))
    .digest('base64url');
}
