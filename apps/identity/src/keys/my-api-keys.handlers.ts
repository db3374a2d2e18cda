import { randomUUID } from 'node:crypto';

import { AppError, type Caller, createMyApiKey, type InputOf, listMyApiKeys, type OutputOf, revokeMyApiKey } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { generateApiKey } from './api-key.crypto.js';
import { type ApiKeyKind, insertKeyWithin, type KeyRow, liveKeysOf, revokeKey } from './keys.queries.js';

/** Active keys a member may hold at once. */
export const MAX_ACTIVE_KEYS = 20;

export type { ApiKeyKind } from './keys.queries.js';

const toKey = (row: KeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

@Injectable()
export class ListMyApiKeysHandler implements OperationHandler<typeof listMyApiKeys> {
  readonly operation = listMyApiKeys;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: InputOf<typeof listMyApiKeys>, ctx: HandlerContext): Promise<OutputOf<typeof listMyApiKeys>> {
    const caller = callerOf(ctx);
    const rows = await liveKeysOf(this.ds, caller.memberId);
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
  ds: DataSource,
  caller: Caller,
  name: string,
  kind: K,
): Promise<ReturnType<typeof toKey> & { key: string; kind: K }> {
  // A key must not mint keys: a leaked one could otherwise keep itself alive after revocation.
  if (caller.via !== 'session') throw AppError.forbidden('Create API keys while signed in on the web (Agent access).');
  const { key, prefix, hash } = generateApiKey();
  const id = randomUUID();
  // One statement is not enough under READ COMMITTED: two creations would both count 19. A lock
  // per member, held until commit, makes the count and the insert one step on every replica.
  const row = await ds.transaction((em) => insertKeyWithin(em, { id, memberId: caller.memberId, name, prefix, hash, kind }, MAX_ACTIVE_KEYS));
  if (!row) throw AppError.conflict(`You already have ${MAX_ACTIVE_KEYS} active API keys. Revoke one first.`);
  return { ...toKey(row), key, kind };
}

@Injectable()
export class RevokeMyApiKeyHandler implements OperationHandler<typeof revokeMyApiKey> {
  readonly operation = revokeMyApiKey;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof revokeMyApiKey>, ctx: HandlerContext): Promise<OutputOf<typeof revokeMyApiKey>> {
    const caller = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets().accessRevocations, caller.memberId);
    if (!(await revokeKey(this.ds, id, caller.memberId))) throw AppError.notFound('You have no API key with this id.');
    return { id, revoked: true };
  }
}
