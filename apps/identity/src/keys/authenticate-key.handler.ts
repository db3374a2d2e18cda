import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, authenticateKey, type Caller, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { hashApiKey, KEY_PREFIX } from './api-key.crypto.js';
import { callerStanding } from '../admission/caller-standing.js';
import type { StandingFacts } from '../admission/standing.js';
import { SettingsService } from '../settings/settings.service.js';

const PER_MINUTE = Number(process.env.API_KEY_RATE_LIMIT ?? 120);

interface Row {
  id: string; member_id: string; staff: boolean; verified: boolean; count: number; reset: string;
  email: string; created_at: Date; email_verified_at: Date | null; admitted_at: Date | null; sign_up_finished_at: Date | null;
}

/**
 * Resolves a key and counts the request in the same statement: the count lives in PostgreSQL,
 * so the limit holds across every gateway and identity replica.
 */
@Injectable()
export class AuthenticateKeyHandler implements OperationHandler<typeof authenticateKey>, OnModuleInit, OnModuleDestroy {
  readonly operation = authenticateKey;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly ds: DataSource, private readonly settings: SettingsService) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      void this.ds.query(`DELETE FROM key_usage WHERE window_start < now() - interval '1 hour'`).catch(() => undefined);
    }, 10 * 60_000);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async handle({ key }: InputOf<typeof authenticateKey>): Promise<OutputOf<typeof authenticateKey>> {
    if (!key.startsWith(KEY_PREFIX)) throw AppError.unauthorized('Invalid API key.');
    const rows: Row[] = await this.ds.query(
      `WITH k AS (
         SELECT a.id, a.member_id, m.staff, m.email_verified_at IS NOT NULL AS verified, m.email, m.created_at,
                m.email_verified_at, m.admitted_at, m.sign_up_finished_at
         FROM api_keys a JOIN members m ON m.id = a.member_id
         WHERE a.hash = $1 AND a.revoked_at IS NULL AND m.deleted_at IS NULL
       ), u AS (
         INSERT INTO key_usage (key_id, window_start, count)
         SELECT id, date_trunc('minute', now()), 1 FROM k
         ON CONFLICT (key_id, window_start) DO UPDATE SET count = key_usage.count + 1
         RETURNING count
       )
       SELECT k.*, u.count,
              extract(epoch FROM date_trunc('minute', now()) + interval '1 minute' - now()) AS reset
       FROM k, u`,
      [hashApiKey(key)],
    );
    const row = rows[0];
    if (!row) throw AppError.unauthorized('Invalid API key.');
    if (row.count > PER_MINUTE) {
      throw AppError.tooMany(`This API key allows ${PER_MINUTE} requests per minute.`, Number(row.reset));
    }
    if (row.count === 1) {
      void this.ds.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.id]).catch(() => undefined);
    }
    const settings = await this.settings.current();
    const facts: StandingFacts = {
      email: row.email, staff: row.staff, emailVerifiedAt: row.email_verified_at, createdAt: row.created_at,
      admittedAt: row.admitted_at, signUpFinishedAt: row.sign_up_finished_at,
    };
    const caller: Caller = {
      memberId: row.member_id, via: 'key', scopes: ['agent:read', 'agent:write'],
      staff: row.staff, emailVerified: row.verified,
      ...(await callerStanding(this.ds, row.member_id, facts, settings)),
    };
    return caller;
  }
}
