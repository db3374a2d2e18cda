import { randomBytes, randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import {
  endMemberSessions,
  endSessionByToken,
  endSessionsBeyond,
  insertSession,
  liveSession,
  lockMemberSignIns,
  renewSession,
  sweepExpiredRows,
} from './sessions.queries.js';

/** Medium: the session statements against a real identity schema. */
describe('sessions.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_sessions_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async (deleted = false) => {
    const id = randomUUID();
    await db.query(`INSERT INTO members (id, email, name, email_verified_at, deleted_at) VALUES ($1, $2, 'Ada', now(), $3)`, [
      id,
      `${id}@example.test`,
      deleted ? new Date() : null,
    ]);
    return id;
  };

  it('starts, finds with the standing columns, renews, caps and ends sessions', async () => {
    const memberId = await member();
    const hashes = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const expiries: Date[] = [];
    for (const tokenHash of hashes) {
      expiries.push(
        await db.ds.transaction(async (em) => {
          await lockMemberSignIns(em, memberId);
          return insertSession(em, { tokenHash, memberId, userAgent: 'spec', days: 30, absoluteDays: 10 });
        }),
      );
    }
    // The expiry is capped at the absolute lifetime (10 days, not 30).
    const days = (expiries[0]!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);

    const found = await liveSession(db.ds, hashes[0]!, 10);
    expect(found).toMatchObject({ member_id: memberId, email: `${memberId}@example.test`, staff: false, stale: false, suspension_reason: null });
    expect(found!.created_at).toBeInstanceOf(Date);
    expect(found!.expires_at).toEqual(expiries[0]);
    expect(await liveSession(db.ds, randomBytes(32), 10)).toBeUndefined();
    // Older than the absolute lifetime: not found.
    await db.query(`UPDATE sessions SET created_at = now() - interval '11 days' WHERE token_hash = $1`, [hashes[2]]);
    expect(await liveSession(db.ds, hashes[2]!, 10)).toBeUndefined();

    await db.query(`UPDATE sessions SET renewed_at = now() - interval '2 days', expires_at = now() + interval '1 hour' WHERE token_hash = $1`, [hashes[1]]);
    const stale = await liveSession(db.ds, hashes[1]!, 10);
    expect(stale?.stale).toBe(true);
    const renewed = await renewSession(db.ds, stale!.id, 30, 10);
    expect(renewed!.getTime()).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    expect(await renewSession(db.ds, randomUUID(), 30, 10)).toBeUndefined();

    // Keep the newest two live sessions: the oldest by creation (the one moved 11 days back) ends.
    expect(await endSessionsBeyond(db.ds, memberId, 2)).toBe(1);
    expect(await db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hashes[2]])).toEqual([]);
    expect(await liveSession(db.ds, hashes[0]!, 10)).toBeDefined();

    expect(await endSessionByToken(db.ds, hashes[1]!)).toBe(1);
    expect(await endSessionByToken(db.ds, hashes[1]!)).toBe(0);
    expect(await endMemberSessions(db.ds, memberId)).toBe(1);
    expect(await endMemberSessions(db.ds, memberId)).toBe(0);
  });

  it('does not find the session of a deleted member, and sweeps expired rows', async () => {
    const deleted = await member(true);
    const tokenHash = randomBytes(32);
    await insertSession(db.ds, { tokenHash, memberId: deleted, userAgent: null, days: 30, absoluteDays: 30 });
    expect(await liveSession(db.ds, tokenHash, 30)).toBeUndefined();
    await db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [tokenHash]);
    expect(await sweepExpiredRows(db.ds)).toEqual({ sessions: 1, magicLinks: 0, oidcRequests: 0, oauthRecords: 0, identityWebhookEvents: 0 });
  });
});
