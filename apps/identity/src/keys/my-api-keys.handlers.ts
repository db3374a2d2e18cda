import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError, createMyApiKey, listMyApiKeys, revokeMyApiKey, type Caller, type InputOf, type OutputOf, isUuid,
} from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler, countAttempt, limitBuckets } from '@marketplace/service-kit';
import { generateApiKey } from './api-key.crypto.js';

/** Active keys a member may hold at once. */
export const MAX_ACTIVE_KEYS = 20;

export type ApiKeyKind = 'member' | 'team' | 'candidate';

interface KeyRow { id: string; name: string; prefix: string; created_at: Date; last_used_at: Date | null }

const toKey = (row: KeyRow) => ({
  id: row.id, name: row.name, prefix: row.prefix,
  createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

@Injectable()
export class ListMyApiKeysHandler implements OperationHandler<typeof listMyApiKeys> {
  readonly operation = listMyApiKeys;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: InputOf<typeof listMyApiKeys>, ctx: HandlerContext): Promise<OutputOf<typeof listMyApiKeys>> {
    const caller = callerOf(ctx);
    const rows: KeyRow[] = await this.ds.query(
      `SELECT id, name, prefix, created_at, last_used_at FROM api_keys
       WHERE member_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
      [caller.memberId],
    );
    return { keys: rows.map(toKey) };
  }
}

@Injectable()
export class CreateMyApiKeyHandler implements OperationHandler<typeof createMyApiKey> {
  readonly operation = createMyApiKey;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof createMyApiKey>, ctx: HandlerContext): Promise<OutputOf<typeof createMyApiKey>> {
    await countAttempt(this.ds, limitBuckets().apiKeys, callerOf(ctx).memberId);
    const { kind: _kind, ...created } = await createKey(this.ds, callerOf(ctx), input.name, 'member');
    return created;
  }
}

/**
 * Makes a key of one kind for the caller, shown once. Keys of every kind count towards the
 * caller's MAX_ACTIVE_KEYS and are listed and revoked with the member's own keys.
 */
export async function createKey<K extends ApiKeyKind>(
  ds: DataSource, caller: Caller, name: string, kind: K,
): Promise<ReturnType<typeof toKey> & { key: string; kind: K }> {
  // A key must not mint keys: a leaked one could otherwise keep itself alive after revocation.
  if (caller.via !== 'session') throw AppError.forbidden('Create API keys while signed in on the web (Agent access).');
  const { key, prefix, hash } = generateApiKey();
  const id = randomUUID();
  // One statement is not enough under READ COMMITTED: two creations would both count 19. A lock
  // per member, held until commit, makes the count and the insert one step on every replica.
  const rows: KeyRow[] = await ds.transaction(async (em) => {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('api_keys'), hashtext($1))`, [caller.memberId]);
    return em.query(
      `INSERT INTO api_keys (id, member_id, name, prefix, hash, kind)
       SELECT $1, $2, $3, $4, $5, $7
       WHERE (SELECT count(*) FROM api_keys WHERE member_id = $2 AND revoked_at IS NULL) < $6
       RETURNING id, name, prefix, created_at, last_used_at`,
      [id, caller.memberId, name, prefix, hash, MAX_ACTIVE_KEYS, kind],
    ) as Promise<KeyRow[]>;
  });
  if (!rows[0]) throw AppError.conflict(`You already have ${MAX_ACTIVE_KEYS} active API keys. Revoke one first.`);
  return { ...toKey(rows[0]), key, kind };
}

@Injectable()
export class RevokeMyApiKeyHandler implements OperationHandler<typeof revokeMyApiKey> {
  readonly operation = revokeMyApiKey;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof revokeMyApiKey>, ctx: HandlerContext): Promise<OutputOf<typeof revokeMyApiKey>> {
    const caller = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets().accessRevocations, caller.memberId);
    if (!isUuid(id)) throw AppError.notFound('You have no API key with this id.');
    const [rows]: [{ id: string }[], number] = await this.ds.query(
      `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND member_id = $2 AND revoked_at IS NULL RETURNING id`,
      [id, caller.memberId],
    );
    if (!rows[0]) throw AppError.notFound('You have no API key with this id.');
    return { id, revoked: true };
  }
}
