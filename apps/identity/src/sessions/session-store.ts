import { type Caller, SESSION_DAYS } from '@marketplace/contracts';
import { countAttempt, limitBuckets } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { CallerStanding } from '../admission/caller-standing.js';
import { signInConfig } from '../sign-in/sign-in.config.js';
import { hashSecret, newSecret } from './secret-token.js';
import { endMemberSessions, endSessionByToken, endSessionsBeyond, insertSession, liveSession, lockMemberSignIns, renewSession } from './sessions.queries.js';

/**
 * At most this many live browser sessions per member: a sign-in beyond it ends the member's
 * oldest sessions (by creation), so scripted sign-ins cannot pile up rows without bound.
 */
export const MAX_LIVE_SESSIONS = 20;

/**
 * Browser sessions: created by a sign-in, resolved on every request, ended by sign-out. They
 * slide forward while used, but never past `created_at` + SESSION_ABSOLUTE_DAYS. A member keeps at
 * most MAX_LIVE_SESSIONS live sessions; starting one more ends the oldest.
 */
@Injectable()
export class SessionStore {
  private readonly absoluteDays = signInConfig().sessionAbsoluteDays;

  constructor(
    private readonly ds: DataSource,
    private readonly standing: CallerStanding,
  ) {}

  async start(memberId: string, userAgent: string | undefined): Promise<{ token: string; expiresAt: Date }> {
    const token = newSecret();
    return this.ds.transaction(async (em) => {
      // One sign-in of a member at a time, on every replica, so the cap below is exact.
      await lockMemberSignIns(em, memberId);
      const expiresAt = await insertSession(em, {
        tokenHash: hashSecret(token),
        memberId,
        userAgent: userAgent?.slice(0, 500) ?? null,
        days: SESSION_DAYS,
        absoluteDays: this.absoluteDays,
      });
      // Ends the oldest beyond the cap (the new one is the newest), and any that already expired.
      await endSessionsBeyond(em, memberId, MAX_LIVE_SESSIONS);
      return { token, expiresAt };
    });
  }

  /**
   * Null for an unknown or expired session, or one older than the absolute lifetime. Slides the
   * expiry forward at most once a day, capped at that lifetime.
   */
  async authenticate(token: string): Promise<{ caller: Caller; expiresAt: Date; renewed: boolean } | null> {
    const row = await liveSession(this.ds, hashSecret(token), this.absoluteDays);
    if (!row) return null;
    // Member first in the subject, so the member's deletion forgets it with their other counts.
    await countAttempt(this.ds, limitBuckets().sessionRequests, `${row.member_id}:${row.id}`);
    let expiresAt = row.expires_at;
    if (row.stale) {
      expiresAt = (await renewSession(this.ds, row.id, SESSION_DAYS, this.absoluteDays)) ?? expiresAt;
    }
    return {
      caller: {
        memberId: row.member_id,
        via: 'session',
        scopes: ['agent:read', 'agent:write'],
        ...(await this.standing.of(row.member_id, row)),
      },
      expiresAt,
      renewed: row.stale,
    };
  }

  /** Sign out everywhere: every session of the member. Answers how many ended. */
  async endAll(memberId: string): Promise<number> {
    return endMemberSessions(this.ds, memberId);
  }

  async end(token: string): Promise<boolean> {
    return (await endSessionByToken(this.ds, hashSecret(token))) > 0;
  }
}
