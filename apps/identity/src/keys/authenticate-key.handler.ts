import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, authenticateKey, type Caller, type InputOf, type OutputOf } from '@marketplace/contracts';
import { budgetOf, counterAttemptSql, enforceCounter, limitBuckets, preparedQuery, type CounterRow, type OperationHandler } from '@marketplace/service-kit';
import { hashApiKey, KEY_PREFIX } from './api-key.crypto.js';
import { CallerStanding, STANDING_COLUMNS, type StandingRow } from '../admission/caller-standing.js';

const bucket = () => limitBuckets().apiKeyRequests;
// Built once: the key's subject comes from the look-up CTE, so resolving and counting stay one statement.
const COUNT_SQL = counterAttemptSql({ bucket: '$2', subject: 'k.id', seconds: '$3', from: 'k' });

interface Row extends StandingRow, CounterRow { id: string; member_id: string; kind: string }

/**
 * Resolves a key and counts the request in the same statement (the kit's api_key_requests
 * counter): the count lives in PostgreSQL, so the limit holds across every gateway and identity
 * replica, and the hot path pays one round trip.
 */
@Injectable()
export class AuthenticateKeyHandler implements OperationHandler<typeof authenticateKey> {
  readonly operation = authenticateKey;

  constructor(private readonly ds: DataSource, private readonly standing: CallerStanding) {}

  async handle({ key }: InputOf<typeof authenticateKey>): Promise<OutputOf<typeof authenticateKey>> {
    if (!key.startsWith(KEY_PREFIX)) throw AppError.unauthorized('Invalid API key.');
    const rows = await preparedQuery<Row>(this.ds,
      `WITH k AS (
         SELECT a.id, a.member_id, a.kind, ${STANDING_COLUMNS}
         FROM api_keys a JOIN members m ON m.id = a.member_id
         WHERE a.hash = $1 AND a.revoked_at IS NULL AND m.deleted_at IS NULL
       ), u AS (${COUNT_SQL})
       SELECT k.*, u.count, u.reset FROM k, u`,
      [hashApiKey(key), bucket().name, bucket().window.seconds],
    );
    const row = rows[0];
    if (!row) throw AppError.unauthorized('Invalid API key.');
    enforceCounter(bucket(), row);
    if (row.count === 1) {
      void this.ds.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.id]).catch(() => undefined);
    }
    const caller: Caller & { budget: ReturnType<typeof budgetOf> } = {
      budget: budgetOf(bucket(), row),
      memberId: row.member_id, via: 'key', scopes: ['agent:read', 'agent:write'],
      ...(row.kind === 'team' || row.kind === 'candidate' ? { credential: row.kind } : {}),
      ...(await this.standing.of(row.member_id, row)),
    };
    return caller;
  }
}
