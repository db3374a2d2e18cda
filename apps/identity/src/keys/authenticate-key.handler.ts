import { AppError, authenticateKey, type Caller, type InputOf, type OutputOf } from '@marketplace/contracts';
import { budgetOf, enforceCounter, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { CallerStanding } from '../admission/caller-standing.js';
import { hashApiKey, KEY_PREFIX } from './api-key.crypto.js';
import { authenticateKey as resolveKey, touchKey } from './keys.queries.js';

const bucket = () => limitBuckets().apiKeyRequests;

/**
 * Resolves a key and counts the request in the same statement (the kit's api_key_requests
 * counter): the count lives in PostgreSQL, so the limit holds across every gateway and identity
 * replica, and the hot path pays one round trip.
 */
@Injectable()
export class AuthenticateKeyHandler implements OperationHandler<typeof authenticateKey> {
  readonly operation = authenticateKey;

  constructor(
    private readonly ds: DataSource,
    private readonly standing: CallerStanding,
  ) {}

  async handle({ key }: InputOf<typeof authenticateKey>): Promise<OutputOf<typeof authenticateKey>> {
    if (!key.startsWith(KEY_PREFIX)) throw AppError.unauthorized('Invalid API key.');
    // The key's subject comes from the look-up CTE, so resolving and counting stay one statement.
    const rows = await resolveKey(this.ds, hashApiKey(key), bucket().name, bucket().window.seconds);
    const row = rows[0];
    if (!row) throw AppError.unauthorized('Invalid API key.');
    enforceCounter(bucket(), row);
    if (row.count === 1) {
      void touchKey(this.ds, row.id).catch(() => undefined);
    }
    const caller: Caller & { budget: ReturnType<typeof budgetOf> } = {
      budget: budgetOf(bucket(), row),
      memberId: row.member_id,
      via: 'key',
      scopes: ['agent:read', 'agent:write'],
      ...(row.kind === 'team' || row.kind === 'candidate' ? { credential: row.kind } : {}),
      ...(await this.standing.of(row.member_id, row)),
    };
    return caller;
  }
}
