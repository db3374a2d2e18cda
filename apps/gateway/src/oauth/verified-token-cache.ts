import { TtlCache } from '@marketplace/service-kit/edge';

/** How long a verified signature is trusted: bounds how long a token signed by a key just retired still passes. */
const TRUST_MS = 60_000;
const MAX_TOKENS = 10_000;

/**
 * Claims of access tokens whose signature, issuer, audience and type were verified, keyed by the
 * token's exact text, each until its own expiry or TRUST_MS, whichever comes first (the kit's
 * TtlCache, oldest dropped first past MAX_TOKENS). Whether the grant still stands is not cached:
 * identity is asked on every call.
 */
export class VerifiedTokenCache {
  private readonly entries = new TtlCache<Record<string, unknown>>(TRUST_MS, MAX_TOKENS);

  get(token: string, now: number): Record<string, unknown> | undefined {
    return this.entries.peek(token, now);
  }

  set(token: string, claims: Record<string, unknown>, now: number): void {
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : now;
    this.entries.set(token, claims, Math.min(expiresAt, now + TRUST_MS), now);
  }
}
