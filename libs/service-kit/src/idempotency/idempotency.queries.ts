import type { ReplyEnvelope } from '@marketplace/contracts';

import { kitSql } from '../database/kit-sql.js';
import { affected, type Db, first, rows, sql } from '../database/typed-query.js';

const now = () => sql<Date>`now()`;

/**
 * Claims a member's key for a request: a new row, or an expired one taken over (its reply
 * cleared). False when a live row holds the key.
 */
export async function claimKey(on: Db, memberId: string, key: string, operation: string, requestHash: string, hours: number): Promise<boolean> {
  const claimed = await rows(
    on,
    kitSql
      .insertInto('idempotent_requests')
      .values({
        member_id: memberId,
        key,
        operation,
        request_hash: requestHash,
        started_at: now(),
        expires_at: sql<Date>`now() + make_interval(hours => ${hours})`,
      })
      .onConflict((oc) =>
        oc
          .columns(['member_id', 'key'])
          .doUpdateSet((eb) => ({
            operation: eb.ref('excluded.operation'),
            request_hash: eb.ref('excluded.request_hash'),
            reply: null,
            started_at: now(),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where('idempotent_requests.expires_at', '<', now()),
      )
      .returning(sql<number>`1`.as('one')),
  );
  return claimed.length > 0;
}

/** The row holding a member's key, and whether its first request began more than `abandonedAfterS` ago. */
export async function heldKey(
  on: Db,
  memberId: string,
  key: string,
  abandonedAfterS: number,
): Promise<{ operation: string; request_hash: string; reply: ReplyEnvelope | null; abandoned: boolean } | undefined> {
  const row = await first(
    on,
    kitSql
      .selectFrom('idempotent_requests')
      .select(['operation', 'request_hash', 'reply', sql<boolean>`started_at < now() - make_interval(secs => ${abandonedAfterS})`.as('abandoned')])
      .where('member_id', '=', memberId)
      .where('key', '=', key),
  );
  // The reply column holds what complete() wrote: a reply envelope.
  return row && { ...row, reply: row.reply as unknown as ReplyEnvelope | null };
}

/** Takes over a key whose first request was abandoned unanswered; false when another repeat took it first. */
export async function takeAbandonedKey(on: Db, memberId: string, key: string, abandonedAfterS: number): Promise<boolean> {
  const taken = await rows(
    on,
    kitSql
      .updateTable('idempotent_requests')
      .set({ started_at: now() })
      .where('member_id', '=', memberId)
      .where('key', '=', key)
      .where('reply', 'is', null)
      .where('started_at', '<', sql<Date>`now() - make_interval(secs => ${abandonedAfterS})`)
      .returning(sql<number>`1`.as('one')),
  );
  return taken.length > 0;
}

/** Keeps the answer given to a key's first request. */
export function keepReply(on: Db, memberId: string, key: string, reply: ReplyEnvelope): Promise<number> {
  return affected(
    on,
    kitSql
      .updateTable('idempotent_requests')
      .set({ reply: JSON.stringify(reply) })
      .where('member_id', '=', memberId)
      .where('key', '=', key),
  );
}

/** Frees a key whose first request has no answer kept. */
export function releaseKey(on: Db, memberId: string, key: string): Promise<number> {
  return affected(on, kitSql.deleteFrom('idempotent_requests').where('member_id', '=', memberId).where('key', '=', key).where('reply', 'is', null));
}
