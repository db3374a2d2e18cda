/** How long a verified signature is trusted: bounds how long a token signed by a key just retired still passes. */
const TRUST_MS = 60_000;
const MAX_TOKENS = 10_000;

/**
 * Claims of access tokens whose signature, issuer, audience and type were verified, keyed by the
 * token's exact text, each until its own expiry or TRUST_MS, whichever comes first. Whether the
 * grant still stands is not cached: identity is asked on every call.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { claims: Record<string, unknown>; until: number }>();

  get(token: string, now: number): Record<string, unknown> | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > now) return entry.claims;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, claims: Record<string, unknown>, now: number): void {
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : now;
    const until = Math.min(expiresAt, now + TRUST_MS);
    if (until <= now) return;
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= MAX_TOKENS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { claims, until });
  }
}
