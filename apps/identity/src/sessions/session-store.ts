import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SESSION_DAYS, type Caller } from '@marketplace/contracts';
import { countAttempt, limitBuckets } from '@marketplace/service-kit';
import { CallerStanding, STANDING_COLUMNS, type StandingRow } from '../admission/caller-standing.js';
import { hashSecret, newSecret } from './secret-token.js';
import { signInConfig } from '../sign-in/sign-in.config.js';

/**
 * At most this many live browser sessions per member: a sign-in beyond it ends the member's
 * oldest sessions (by creation), so scripted sign-ins cannot pile up rows without bound.
 */
export const MAX_LIVE_SESSIONS = 20;

interface SessionRow extends StandingRow { id: string; member_id: string; expires_at: Date; stale: boolean }

/**
 * Browser sessions: created by a sign-in, resolved on every request, ended by sign-out. They
 * slide forward while used, but never past `created_at` + SESSION_ABSOLUTE_DAYS. A member keeps at
 * most MAX_LIVE_SESSIONS live sessions; starting one more ends the oldest.
 */
@Injectable()
export class SessionStore {
  private readonly absoluteDays = signInConfig().sessionAbsoluteDays;

  constructor(private readonly ds: DataSource, private readonly standing: CallerStanding) {}

  async start(memberId: string, userAgent: string | undefined): Promise<{ token: string; expiresAt: Date }> {
    const token = newSecret();
    return this.ds.transaction(async (em) => {
      // One sign-in of a member at a time, on every replica, so the cap below is exact.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sessions:${memberId}`]);
      const rows: { expires_at: Date }[] = await em.query(
        `INSERT INTO sessions (id, token_hash, member_id, created_at, expires_at, user_agent)
         VALUES ($1, $2, $3, clock_timestamp(), now() + make_interval(days => LEAST($4::int, $6::int)), $5) RETURNING expires_at`,
        [randomUUID(), hashSecret(token), memberId, SESSION_DAYS, userAgent?.slice(0, 500) ?? null, this.absoluteDays],
      );
      // Ends the oldest beyond the cap (the new one is the newest), and any that already expired.
      await em.query(
        `DELETE FROM sessions WHERE member_id = $1 AND (expires_at <= now() OR id IN (
           SELECT id FROM sessions WHERE member_id = $1 AND expires_at > now()
           ORDER BY created_at DESC, id OFFSET $2))`,
        [memberId, MAX_LIVE_SESSIONS],
      );
      return { token, expiresAt: rows[0]!.expires_at };
    });
  }

  /**
   * Null for an unknown or expired session, or one older than the absolute lifetime. Slides the
   * expiry forward at most once a day, capped at that lifetime.
   */
  async authenticate(token: string): Promise<{ caller: Caller; expiresAt: Date; renewed: boolean } | null> {
    const rows: SessionRow[] = await this.ds.query(
      `SELECT s.id, s.member_id, ${STANDING_COLUMNS}, s.expires_at,
              s.renewed_at < now() - interval '1 day' AS stale
       FROM sessions s JOIN members m ON m.id = s.member_id
       WHERE s.token_hash = $1 AND s.expires_at > now() AND m.deleted_at IS NULL
         AND s.created_at + make_interval(days => $2) > now()`,
      [hashSecret(token), this.absoluteDays],
    );
    const row = rows[0];
    if (!row) return null;
    // Member first in the subject, so the member's deletion forgets it with their other counts.
    await countAttempt(this.ds, limitBuckets().sessionRequests, `${row.member_id}:${row.id}`);
    let expiresAt = row.expires_at;
    if (row.stale) {
      // UPDATE answers [rows, count] from TypeORM's query().
      const [renewed]: [{ expires_at: Date }[], number] = await this.ds.query(
        `UPDATE sessions SET renewed_at = now(),
           expires_at = LEAST(now() + make_interval(days => $2), created_at + make_interval(days => $3))
         WHERE id = $1 RETURNING expires_at`,
        [row.id, SESSION_DAYS, this.absoluteDays],
      );
      expiresAt = renewed[0]?.expires_at ?? expiresAt;
    }
    return {
      caller: {
        memberId: row.member_id, via: 'session', scopes: ['agent:read', 'agent:write'],
        ...(await this.standing.of(row.member_id, row)),
      },
      expiresAt,
      renewed: row.stale,
    };
  }

  /** Sign out everywhere: every session of the member. Answers how many ended. */
  async endAll(memberId: string): Promise<number> {
    const result: [unknown[], number] = await this.ds.query(`DELETE FROM sessions WHERE member_id = $1`, [memberId]);
    return result[1];
  }

  async end(token: string): Promise<boolean> {
    const result: [unknown[], number] = await this.ds.query(`DELETE FROM sessions WHERE token_hash = $1`, [hashSecret(token)]);
    return result[1] > 0;
  }
}
