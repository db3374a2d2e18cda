import { randomUUID } from 'node:crypto';

import type { ReplyEnvelope } from '@marketplace/contracts';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { claimKey, heldKey, keepReply, releaseKey, takeAbandonedKey } from './idempotency.queries.js';
import { IdempotencyStore } from './idempotency-store.js';

/** Medium: the idempotency keys' statements, and the store that uses them, on a real schema. */
describe('the idempotency statements, against a real schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-idempotency' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  const reply = { ok: true, data: { id: 'x' } } as unknown as ReplyEnvelope;

  it('claims a key once, keeps its reply, and takes over an expired one with its reply cleared', async () => {
    const member = randomUUID();
    expect(await claimKey(s.ds, member, 'k1', 'op', 'h1', 24)).toBe(true);
    expect(await claimKey(s.ds, member, 'k1', 'op', 'h1', 24)).toBe(false);
    expect(await heldKey(s.ds, member, 'k1', 120)).toEqual({ operation: 'op', request_hash: 'h1', reply: null, abandoned: false });
    expect(await keepReply(s.ds, member, 'k1', reply)).toBe(1);
    expect((await heldKey(s.ds, member, 'k1', 120))?.reply).toEqual(reply);
    // A kept reply is not released.
    expect(await releaseKey(s.ds, member, 'k1')).toBe(0);
    await s.ds.query(`UPDATE idempotent_requests SET expires_at = now() - interval '1 second' WHERE member_id = $1`, [member]);
    expect(await claimKey(s.ds, member, 'k1', 'other-op', 'h2', 24)).toBe(true);
    expect(await heldKey(s.ds, member, 'k1', 120)).toEqual({ operation: 'other-op', request_hash: 'h2', reply: null, abandoned: false });
    expect(await heldKey(s.ds, member, 'no-such-key', 120)).toBeUndefined();
  });

  it('lets one repeat take over an abandoned first request, and releases an unanswered key', async () => {
    const member = randomUUID();
    await claimKey(s.ds, member, 'k2', 'op', 'h', 24);
    expect(await takeAbandonedKey(s.ds, member, 'k2', 120)).toBe(false);
    await s.ds.query(`UPDATE idempotent_requests SET started_at = now() - interval '10 minutes' WHERE member_id = $1`, [member]);
    expect((await heldKey(s.ds, member, 'k2', 120))?.abandoned).toBe(true);
    expect(await takeAbandonedKey(s.ds, member, 'k2', 120)).toBe(true);
    expect(await takeAbandonedKey(s.ds, member, 'k2', 120)).toBe(false);
    expect(await releaseKey(s.ds, member, 'k2')).toBe(1);
    expect(await heldKey(s.ds, member, 'k2', 120)).toBeUndefined();
  });

  it('the store answers first, running, replay and mismatch from those rows', async () => {
    const store = new IdempotencyStore(s.ds);
    const member = randomUUID();
    expect(await store.claim(member, 'k3', 'op', 'h')).toEqual({ kind: 'first' });
    expect(await store.claim(member, 'k3', 'op', 'h')).toEqual({ kind: 'running' });
    expect(await store.claim(member, 'k3', 'op', 'other')).toEqual({ kind: 'mismatch' });
    await store.complete(member, 'k3', reply);
    expect(await store.claim(member, 'k3', 'op', 'h')).toEqual({ kind: 'replay', reply });
    await store.claim(member, 'k4', 'op', 'h');
    await store.release(member, 'k4');
    expect(await store.claim(member, 'k4', 'op', 'h')).toEqual({ kind: 'first' });
  });
});
