import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, authenticateKey, type Caller, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { hashApiKey, KEY_PREFIX } from './api-key.crypto.js';
import { CallerStanding, STANDING_COLUMNS, type StandingRow } from '../admission/caller-standing.js';

const PER_MINUTE = Number(process.env.API_KEY_RATE_LIMIT ?? 120);

interface Row extends StandingRow { id: string; member_id: string; count: number; reset: string }

/**
 * Resolves a key and counts the request in the same statement: the count lives in PostgreSQL,
 * so the limit holds across every gateway and identity replica.
 */
@Injectable()
export class AuthenticateKeyHandler implements OperationHandler<typeof authenticateKey>, OnModuleInit, OnModuleDestroy {
  readonly operation = authenticateKey;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly ds: DataSource, private readonly standing: CallerStanding) {}

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
         SELECT a.id, a.member_id, ${STANDING_COLUMNS}
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
    const caller: Caller = {
      memberId: row.member_id, via: 'key', scopes: ['agent:read', 'agent:write'],
      ...(await this.standing.of(row.member_id, row)),
    };
    return caller;
  }
}
