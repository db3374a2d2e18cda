import {
  affected,
  boundStatement,
  COUNTER_COLUMNS,
  COUNTER_INCREMENT,
  COUNTER_KEY,
  COUNTER_RETURNING,
  counterValues,
  type Db,
  first,
  type JsonObject,
  preparedRows,
  rows,
  sql,
} from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { STANDING_COLUMNS } from '../admission/admission.queries.js';
import { db } from '../database/db.js';

const now = () => sql<Date>`now()`;

/** An oauth record readable now: no expiry, or not yet expired. */
const unexpired = sql<boolean>`(expires_at IS NULL OR expires_at > now())`;

/**
 * The member's grant to the client, still standing, with the member's standing and the
 * connection's last use, and the request counted (per `<memberId>:<clientId>`, the member first
 * so that account deletion forgets the counts) in the same statement: one round trip per MCP
 * request, as one prepared statement. No row when the grant is gone.
 */
export function authenticateGrant(ds: DataSource, g: { grantId: string; clientId: string; memberId: string }, bucket: string, seconds: number) {
  return preparedRows(ds, grantStatement({ ...g, bucket, seconds }));
}

/** Built once; each request binds its grant, client, member and bucket. */
const grantStatement = boundStatement((g: { grantId: string; clientId: string; memberId: string; bucket: string; seconds: number }) =>
  db
    .with('g', (qc) =>
      qc
        .selectFrom('oauth_records as o')
        .innerJoin('members as m', (j) => j.on('m.id', '=', sql<string>`${g.memberId}::uuid`))
        .leftJoin('connected_agents as a', (j) => j.onRef('a.member_id', '=', 'm.id').on('a.client_id', '=', g.clientId))
        .select(['m.id as member_id', ...STANDING_COLUMNS, 'a.last_used_at'])
        .where('o.model', '=', 'Grant')
        .where('o.id', '=', g.grantId)
        .where((eb) => eb.or([eb('o.expires_at', 'is', null), eb('o.expires_at', '>', now())]))
        .where(sql<string>`o.payload->>'clientId'`, '=', g.clientId)
        .where(sql<string>`o.payload->>'accountId'`, '=', sql<string>`${g.memberId}::text`)
        .where('m.deleted_at', 'is', null),
    )
    .with('u', (qc) =>
      qc
        .insertInto('limit_attempts')
        .columns(COUNTER_COLUMNS)
        .expression((eb) => eb.selectFrom('g').select(counterValues(g.bucket, sql`(g.member_id::text || ':' || ${g.clientId}::text)`, g.seconds)))
        .onConflict((oc) => oc.columns(COUNTER_KEY).doUpdateSet({ count: COUNTER_INCREMENT }))
        .returning(COUNTER_RETURNING),
    )
    .selectFrom(['g', 'u'])
    .selectAll('g')
    .select(['u.count', 'u.reset']),
);

/** Records the connection's use (shown to the member). */
export function touchConnectedAgent(on: Db, memberId: string, clientId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('connected_agents')
      .set({ last_used_at: now() })
      .where('member_id', '=', sql<string>`${memberId}::uuid`)
      .where('client_id', '=', clientId),
  );
}

/**
 * oidc-provider's `upsert`: replaces the record and its lookup columns. A registered client starts
 * with an expiry (`clientDays`); storing it again never brings back an expiry its use cleared.
 */
export function upsertOAuthRecord(
  on: Db,
  r: {
    model: string;
    id: string;
    payload: unknown;
    grantId: string | null;
    userCode: string | null;
    uid: string | null;
    expiresIn: number | null;
    clientDays: number;
  },
): Promise<number> {
  return affected(
    on,
    db
      .insertInto('oauth_records')
      .values({
        model: r.model,
        id: r.id,
        payload: JSON.stringify(r.payload),
        grant_id: r.grantId,
        user_code: r.userCode,
        uid: r.uid,
        expires_at: sql<Date | null>`CASE WHEN ${r.expiresIn}::int IS NOT NULL THEN now() + make_interval(secs => ${r.expiresIn}::int)
      WHEN ${r.model} = 'Client' THEN now() + make_interval(days => ${r.clientDays}::int) END`,
        consumed_at: null,
      })
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet((eb) => ({
          payload: eb.ref('excluded.payload'),
          grant_id: eb.ref('excluded.grant_id'),
          user_code: eb.ref('excluded.user_code'),
          uid: eb.ref('excluded.uid'),
          expires_at: sql<Date | null>`CASE WHEN oauth_records.model = 'Client' AND ${r.expiresIn}::int IS NULL AND oauth_records.expires_at IS NULL THEN NULL ELSE EXCLUDED.expires_at END`,
        })),
      ),
  );
}

/** A readable record by id, uid or user code, with when it was consumed (epoch seconds, as a bigint string). */
export function findOAuthRecord(on: Db, model: string, by: 'id' | 'uid' | 'user_code', value: string) {
  return first(
    on,
    db
      .selectFrom('oauth_records')
      .select(['payload', sql<string | null>`extract(epoch FROM consumed_at)::bigint`.as('consumed')])
      .where('model', '=', model)
      .where(by, '=', value)
      .where(unexpired)
      .limit(1)
      .$narrowType<{ payload: JsonObject }>(),
  );
}

/**
 * Compare-and-set: marks a readable code or token consumed once; false when it was already. An
 * exchanged authorization code is its client's first use for a token, so the client stops expiring.
 */
export async function consumeOAuthRecord(on: Db, model: string, id: string): Promise<boolean> {
  const row = await first(
    on,
    db
      .with('used', (qc) =>
        qc
          .updateTable('oauth_records')
          .set({ consumed_at: now() })
          .where('model', '=', model)
          .where('id', '=', id)
          .where('consumed_at', 'is', null)
          .where(unexpired)
          .returning(['model', sql<string>`payload->>'clientId'`.as('client_id')]),
      )
      .with('kept', (qc) =>
        qc
          .updateTable('oauth_records as c')
          .set({ expires_at: null })
          .from('used')
          .where('used.model', '=', 'AuthorizationCode')
          .where('c.model', '=', 'Client')
          .whereRef('c.id', '=', 'used.client_id')
          .where('c.expires_at', 'is not', null),
      )
      .selectFrom('used')
      .select(sql<number>`1`.as('ok')),
  );
  return row !== undefined;
}

export function destroyOAuthRecord(on: Db, model: string, id: string): Promise<number> {
  return affected(on, db.deleteFrom('oauth_records').where('model', '=', model).where('id', '=', id));
}

export function destroyOAuthGrantRecords(on: Db, grantId: string): Promise<number> {
  return affected(on, db.deleteFrom('oauth_records').where('grant_id', '=', grantId));
}

/** The member's grants to the client, except `exceptId`. */
export async function grantIdsOf(on: Db, memberId: string, clientId: string, exceptId?: string): Promise<string[]> {
  let q = db
    .selectFrom('oauth_records')
    .select('id')
    .where('model', '=', 'Grant')
    .where(sql<string>`payload->>'accountId'`, '=', memberId)
    .where(sql<string>`payload->>'clientId'`, '=', clientId);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await rows(on, q)).map((g) => g.id);
}

/** The grants and everything issued under them (codes, refresh tokens). */
export function deleteGrants(on: Db, ids: string[]): Promise<number> {
  if (!ids.length) return Promise.resolve(0);
  return affected(
    on,
    db
      .deleteFrom('oauth_records')
      .where((eb) => eb.or([eb('grant_id', '=', sql<string>`any(${ids})`), eb.and([eb('model', '=', 'Grant'), eb('id', '=', sql<string>`any(${ids})`)])])),
  );
}

/** Removes the client from the member's authorization server sessions. */
export function forgetClientInSessions(on: Db, memberId: string, clientId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('oauth_records')
      .set({ payload: sql<string>`payload #- ARRAY['authorizations', ${clientId}]` })
      .where('model', '=', 'Session')
      .where(sql<string>`payload->>'accountId'`, '=', memberId)
      .where(sql<boolean>`payload->'authorizations' ? ${clientId}`),
  );
}

/** Removes the member's connection to the client; answers how many went (0 or 1). */
export async function deleteConnectedAgent(on: Db, memberId: string, clientId: string): Promise<number> {
  const row = await first(
    on,
    db
      .with('d', (qc) =>
        qc
          .deleteFrom('connected_agents')
          .where('member_id', '=', sql<string>`${memberId}::uuid`)
          .where('client_id', '=', clientId)
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('d')
      .select(sql<number>`count(*)::int`.as('n')),
  );
  return row?.n ?? 0;
}

/** The member's approval of the client, stored again: connecting after a disconnect restores it. */
export function upsertConnectedAgent(
  on: Db,
  a: {
    memberId: string;
    clientId: string;
    clientName: string;
    domain: string;
    scopes: string[];
    grantId: string;
  },
): Promise<number> {
  return affected(
    on,
    db
      .insertInto('connected_agents')
      .values({
        member_id: a.memberId,
        client_id: a.clientId,
        client_name: a.clientName,
        domain: a.domain,
        scopes: JSON.stringify(a.scopes),
        grant_id: a.grantId,
        connected_at: now(),
      })
      .onConflict((oc) =>
        oc.columns(['member_id', 'client_id']).doUpdateSet((eb) => ({
          client_name: eb.ref('excluded.client_name'),
          domain: eb.ref('excluded.domain'),
          scopes: eb.ref('excluded.scopes'),
          grant_id: eb.ref('excluded.grant_id'),
          connected_at: now(),
        })),
      ),
  );
}

/** Every agent's access of the member: grants, what was issued under them, sessions, connected agents. */
export async function removeAgentAccessOf(on: Db, memberId: string): Promise<void> {
  await affected(
    on,
    db
      .with('grants', (qc) =>
        qc
          .selectFrom('oauth_records')
          .select('id')
          .where('model', '=', 'Grant')
          .where(sql<string>`payload->>'accountId'`, '=', memberId),
      )
      .deleteFrom('oauth_records')
      .where((eb) =>
        eb.or([
          eb('grant_id', 'in', eb.selectFrom('grants').select('id')),
          eb.and([eb('model', '=', 'Grant'), eb('id', 'in', eb.selectFrom('grants').select('id'))]),
          eb.and([eb('model', '=', 'Session'), eb(sql<string>`payload->>'accountId'`, '=', memberId)]),
        ]),
      ),
  );
  await affected(on, db.deleteFrom('connected_agents').where(sql<string>`member_id::text`, '=', memberId));
}

/** The development server keys, sealed, if stored. */
export async function sealedServerKeys(on: Db): Promise<string | undefined> {
  const row = await first(
    on,
    db
      .selectFrom('oauth_records')
      .select(sql<string>`payload->>'sealed'`.as('sealed'))
      .where('model', '=', 'ServerKeys')
      .where('id', '=', 'current'),
  );
  return row?.sealed;
}

/** Stores the sealed server keys unless another replica already did. */
export function storeServerKeys(on: Db, sealed: string): Promise<number> {
  return affected(
    on,
    db
      .insertInto('oauth_records')
      .values({ model: 'ServerKeys', id: 'current', payload: sql<string>`jsonb_build_object('sealed', ${sealed}::text)` })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** The member's agents whose grant still stands, newest first. */
export function connectedAgentsOf(on: Db, memberId: string) {
  return rows(
    on,
    db
      .selectFrom('connected_agents as a')
      .innerJoin('oauth_records as g', (j) =>
        j
          .on('g.model', '=', 'Grant')
          .onRef('g.id', '=', 'a.grant_id')
          .on((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', now())])),
      )
      .select(['a.client_id', 'a.client_name', 'a.domain', 'a.scopes', 'a.connected_at', 'a.last_used_at'])
      .where('a.member_id', '=', sql<string>`${memberId}::uuid`)
      .orderBy('a.connected_at', 'desc')
      .orderBy('a.client_id')
      .limit(200)
      .$narrowType<{ scopes: string[] }>(),
  );
}

/** The claims a client may read of a member. */
export function accountClaims(on: Db, memberId: string) {
  return first(
    on,
    db
      .selectFrom('members')
      .select(['id', 'name', 'email', sql<boolean>`email_verified_at IS NOT NULL`.as('verified')])
      .where(sql<string>`id::text`, '=', memberId),
  );
}
