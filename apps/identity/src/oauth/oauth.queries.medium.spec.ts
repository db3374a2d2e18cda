import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { insertMember } from '../members/members.queries.js';
import {
  accountClaims,
  authenticateGrant,
  connectedAgentsOf,
  consumeOAuthRecord,
  deleteConnectedAgent,
  deleteGrants,
  destroyOAuthGrantRecords,
  destroyOAuthRecord,
  findOAuthRecord,
  forgetClientInSessions,
  grantIdsOf,
  removeAgentAccessOf,
  sealedServerKeys,
  storeServerKeys,
  touchConnectedAgent,
  upsertConnectedAgent,
  upsertOAuthRecord,
} from './oauth.queries.js';

/** Medium: the OAuth statements (records, grants, connected agents, the per-request look-up) against a real identity schema. */
describe('oauth.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_oauth_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async (id = randomUUID()) => (await insertMember(db.ds, { id, email: `${id}@example.test`, name: 'Ada', email_verified_at: new Date() })).id;
  const record = (model: string, id: string, payload: Record<string, unknown>, expiresIn: number | null = 3600) =>
    upsertOAuthRecord(db.ds, {
      model,
      id,
      payload,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      userCode: null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expiresIn,
      clientDays: 30,
    });
  const ids = async (model: string) => (await db.query<{ id: string }>('SELECT id FROM oauth_records WHERE model = $1 ORDER BY id', [model])).map((r) => r.id);

  it('stores, finds, consumes once and destroys records; a used authorization code stops its client expiring', async () => {
    await record('Client', 'client-1', { clientId: 'client-1' }, null);
    const [client] = await db.query<{ expires_at: Date | null }>(`SELECT expires_at FROM oauth_records WHERE id = 'client-1'`);
    expect(client!.expires_at).toBeInstanceOf(Date);
    await record('AuthorizationCode', 'code-1', { clientId: 'client-1', uid: 'uid-1', grantId: 'grant-x' });
    expect(await findOAuthRecord(db.ds, 'AuthorizationCode', 'uid', 'uid-1')).toEqual({
      payload: { clientId: 'client-1', uid: 'uid-1', grantId: 'grant-x' },
      consumed: null,
    });
    expect(await consumeOAuthRecord(db.ds, 'AuthorizationCode', 'code-1')).toBe(true);
    expect(await consumeOAuthRecord(db.ds, 'AuthorizationCode', 'code-1')).toBe(false);
    const found = await findOAuthRecord(db.ds, 'AuthorizationCode', 'id', 'code-1');
    expect(typeof found?.consumed).toBe('string');
    expect(Math.abs(Number(found!.consumed) - Date.now() / 1000)).toBeLessThan(60);
    expect(await db.query(`SELECT expires_at FROM oauth_records WHERE id = 'client-1'`)).toEqual([{ expires_at: null }]);
    // Storing the client again never brings back the expiry its use cleared.
    await record('Client', 'client-1', { clientId: 'client-1', name: 'again' }, null);
    expect(await db.query(`SELECT expires_at, payload->>'name' AS name FROM oauth_records WHERE id = 'client-1'`)).toEqual([
      { expires_at: null, name: 'again' },
    ]);

    expect(await destroyOAuthRecord(db.ds, 'AuthorizationCode', 'code-1')).toBe(1);
    expect(await findOAuthRecord(db.ds, 'AuthorizationCode', 'id', 'code-1')).toBeUndefined();
    await record('RefreshToken', 'rt-1', { grantId: 'grant-y' });
    expect(await destroyOAuthGrantRecords(db.ds, 'grant-y')).toBe(1);
    await record('Session', 'expired', {}, -10);
    expect(await findOAuthRecord(db.ds, 'Session', 'id', 'expired')).toBeUndefined();
  });

  it('authenticates a standing grant and counts per member and client; connects, lists, forgets and removes agents', async () => {
    const memberId = await member();
    await record('Grant', 'grant-1', { accountId: memberId, clientId: 'agent' });
    await record('Grant', 'grant-2', { accountId: memberId, clientId: 'agent' });
    await record('RefreshToken', 'rt-2', { grantId: 'grant-2' });
    await record('Session', 'sess-1', { accountId: memberId, authorizations: { agent: {}, other: {} } });
    expect(
      await upsertConnectedAgent(db.ds, {
        memberId,
        clientId: 'agent',
        clientName: 'Agent',
        domain: 'agent.example',
        scopes: ['agent:read'],
        grantId: 'grant-1',
      }),
    ).toBe(1);

    const [row] = await authenticateGrant(db.ds, { grantId: 'grant-1', clientId: 'agent', memberId }, 'spec_oauth', 60);
    expect(row).toMatchObject({ member_id: memberId, email: `${memberId}@example.test`, last_used_at: null, count: 1 });
    expect(await db.query(`SELECT subject FROM limit_attempts WHERE bucket = 'spec_oauth'`)).toEqual([{ subject: `${memberId}:agent` }]);
    expect(await authenticateGrant(db.ds, { grantId: 'grant-1', clientId: 'someone-else', memberId }, 'spec_oauth', 60)).toEqual([]);
    expect(await touchConnectedAgent(db.ds, memberId, 'agent')).toBe(1);
    const [listed] = await connectedAgentsOf(db.ds, memberId);
    expect(listed).toMatchObject({ client_id: 'agent', client_name: 'Agent', domain: 'agent.example', scopes: ['agent:read'] });
    expect(listed!.last_used_at).toBeInstanceOf(Date);

    expect((await grantIdsOf(db.ds, memberId, 'agent')).sort()).toEqual(['grant-1', 'grant-2']);
    const older = await grantIdsOf(db.ds, memberId, 'agent', 'grant-1');
    expect(older).toEqual(['grant-2']);
    expect(await deleteGrants(db.ds, [])).toBe(0);
    expect(await deleteGrants(db.ds, older)).toBe(2);
    expect(await ids('RefreshToken')).not.toContain('rt-2');
    expect(await forgetClientInSessions(db.ds, memberId, 'agent')).toBe(1);
    expect(await db.query(`SELECT payload->'authorizations' AS a FROM oauth_records WHERE id = 'sess-1'`)).toEqual([{ a: { other: {} } }]);

    expect(await deleteConnectedAgent(db.ds, memberId, 'agent')).toBe(1);
    expect(await deleteConnectedAgent(db.ds, memberId, 'agent')).toBe(0);
    await upsertConnectedAgent(db.ds, { memberId, clientId: 'agent', clientName: 'Agent 2', domain: 'agent.example', scopes: [], grantId: 'grant-1' });
    await removeAgentAccessOf(db.ds, memberId);
    expect(await ids('Grant')).not.toContain('grant-1');
    expect(await ids('Session')).not.toContain('sess-1');
    expect(await connectedAgentsOf(db.ds, memberId)).toEqual([]);
    expect(await db.query('SELECT 1 FROM connected_agents WHERE member_id = $1', [memberId])).toEqual([]);
  });

  it('stores the server keys once and reads the claims of a member', async () => {
    expect(await sealedServerKeys(db.ds)).toBeUndefined();
    expect(await storeServerKeys(db.ds, 'sealed-1')).toBe(1);
    expect(await storeServerKeys(db.ds, 'sealed-2')).toBe(0);
    expect(await sealedServerKeys(db.ds)).toBe('sealed-1');
    const memberId = await member();
    expect(await accountClaims(db.ds, memberId)).toEqual({ id: memberId, name: 'Ada', email: `${memberId}@example.test`, verified: true });
    expect(await accountClaims(db.ds, randomUUID())).toBeUndefined();
  });
});
