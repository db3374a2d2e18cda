import { createHash } from 'node:crypto';

import { IDEMPOTENCY_KEY_HOURS, type ReplyEnvelope } from '@marketplace/contracts';
import type { DataSource } from 'typeorm';

import { claimKey, heldKey, keepReply, releaseKey, takeAbandonedKey } from './idempotency.queries.js';

/**
 * A first request still unanswered this long after it began is taken as lost (its replica died
 * mid-way), so a repeat may run it: longer than any operation may wait.
 */
const ABANDONED_AFTER_S = 120;

export type Claim = { kind: 'first' } | { kind: 'replay'; reply: ReplyEnvelope } | { kind: 'running' } | { kind: 'mismatch' };

/**
 * Idempotency keys in the owning service's database: the first request with a member's key claims
 * it (one row, so concurrent repeats find it taken), its answer is kept 24 hours and given again
 * to a repeat of the same request; a repeat of another request with the key is refused.
 */
export class IdempotencyStore {
  constructor(private readonly ds: DataSource) {}

  async claim(memberId: string, key: string, operation: string, requestHash: string): Promise<Claim> {
    // An expired row is as good as none: the upsert takes it over.
    if (await claimKey(this.ds, memberId, key, operation, requestHash, IDEMPOTENCY_KEY_HOURS)) return { kind: 'first' };
    const row = await heldKey(this.ds, memberId, key, ABANDONED_AFTER_S);
    if (!row) return this.claim(memberId, key, operation, requestHash);
    if (row.operation !== operation || row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.reply) return { kind: 'replay', reply: row.reply };
    if (row.abandoned && (await takeAbandonedKey(this.ds, memberId, key, ABANDONED_AFTER_S))) return { kind: 'first' };
    return { kind: 'running' };
  }

  async complete(memberId: string, key: string, reply: ReplyEnvelope): Promise<void> {
    await keepReply(this.ds, memberId, key, reply);
  }

  /** The first request did not run to an answer worth keeping (the service or a dependency failed): a repeat may run. */
  async release(memberId: string, key: string): Promise<void> {
    await releaseKey(this.ds, memberId, key);
  }
}

/**
 * What makes two requests the same: the operation and its checked input. A staged upload's storage
 * key is new on every attempt, so objects are compared by what they hold (size and type).
 */
export function requestHash(operation: string, input: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const entries = Object.entries(o).filter(([k]) => !(k === 'key' && 'contentType' in o && 'size' in o));
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, canonical(x)]));
  };
  return createHash('sha256')
    .update(operation)
    .update('\0')
    .update(JSON.stringify(canonical(input)) ?? '')
    .digest('base64url');
}

/** Which answers are kept for repeats: what the request itself decided, never a passing failure. */
export function keepsAnswer(reply: ReplyEnvelope): boolean {
  if (reply.ok) return true;
  const { status } = reply.error;
  return status < 500 && status !== 409 && status !== 429;
}
