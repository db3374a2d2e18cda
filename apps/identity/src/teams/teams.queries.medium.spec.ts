import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import {
  answerInvitation,
  expireInvitations,
  hasPendingInvitation,
  insertInvitation,
  insertTeam,
  invitationsWaitingAt,
  joinTeam,
  leaveTeam,
  lockInvitation,
  lockTeam,
  membershipRow,
  otherMembers,
  pendingInvitationCount,
  renameTeam,
  roleOn,
  teamById,
  teamMembers,
  verifiedEmailOf,
  verifiedMemberByEmail,
  withdrawInvitations,
} from './teams.queries.js';

/** Medium: the team statements (teams, members, invitations) against a real identity schema. */
describe('teams.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_teams_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async (name: string, verified = true) => {
    const id = randomUUID();
    await db.query(`INSERT INTO members (id, email, name, email_verified_at) VALUES ($1, $2, $3, $4)`, [
      id,
      `${id}@example.test`,
      name,
      verified ? new Date() : null,
    ]);
    return id;
  };

  it('creates, renames, joins once, lists and leaves a team', async () => {
    const owner = await member('Owner');
    const mate = await member('Mate');
    const teamId = randomUUID();
    await db.ds.transaction(async (em) => {
      await lockTeam(em, teamId);
      expect(await insertTeam(em, teamId, 'Crew')).toBe(1);
      expect(await joinTeam(em, owner, teamId, 'owner')).toBe(true);
    });
    expect(await joinTeam(db.ds, owner, teamId, 'member')).toBe(false);
    expect(await joinTeam(db.ds, mate, teamId, 'member')).toBe(true);
    expect(await membershipRow(db.ds, owner)).toEqual({ team_id: teamId, name: 'Crew', role: 'owner' });
    expect(await membershipRow(db.ds, randomUUID())).toBeUndefined();
    expect(await renameTeam(db.ds, teamId, 'Crew 2')).toBe(1);
    expect(await teamById(db.ds, teamId)).toEqual({ id: teamId, name: 'Crew 2', created_at: expect.any(Date) });
    expect((await teamMembers(db.ds, teamId)).map((m) => [m.id, m.role, m.name])).toEqual([
      [owner, 'owner', 'Owner'],
      [mate, 'member', 'Mate'],
    ]);
    expect(await roleOn(db.ds, mate, teamId)).toBe('member');
    expect(await roleOn(db.ds, mate, randomUUID())).toBeUndefined();
    expect(await otherMembers(db.ds, teamId, owner)).toBe(1);
    expect(await leaveTeam(db.ds, mate)).toBe(1);
    expect(await otherMembers(db.ds, teamId, owner)).toBe(0);
  });

  it('invites by address, counts, expires, lists, locks, answers and withdraws invitations', async () => {
    const owner = await member('Owner');
    const invitee = await member('Invitee');
    const unverified = await member('Unverified', false);
    const teamId = randomUUID();
    await insertTeam(db.ds, teamId, 'Crew');
    await joinTeam(db.ds, owner, teamId, 'owner');
    const email = `${invitee}@example.test`;
    expect(await verifiedEmailOf(db.ds, invitee)).toBe(email);
    expect(await verifiedEmailOf(db.ds, unverified)).toBeUndefined();
    expect(await verifiedMemberByEmail(db.ds, email)).toEqual({ id: invitee, team_id: null });
    expect(await verifiedMemberByEmail(db.ds, `${owner}@example.test`)).toEqual({ id: owner, team_id: teamId });
    expect(await verifiedMemberByEmail(db.ds, `${unverified}@example.test`)).toBeUndefined();

    const id = randomUUID();
    const createdAt = await insertInvitation(db.ds, { id, teamId, email, role: 'admin', invitedBy: owner, days: 7 });
    expect(createdAt).toBeInstanceOf(Date);
    expect(await hasPendingInvitation(db.ds, teamId, email)).toBe(true);
    expect(await pendingInvitationCount(db.ds, teamId)).toBe(1);
    const [waiting] = await invitationsWaitingAt(db.ds, email);
    expect(waiting).toMatchObject({ id, team_id: teamId, team_name: 'Crew', role: 'admin', invited_by: 'Owner', created_at: createdAt });
    expect(waiting!.expires_at.getTime() - createdAt.getTime()).toBe(7 * 86_400_000);
    expect(await db.ds.transaction((em) => lockInvitation(em, id, email))).toEqual({ id, team_id: teamId, role: 'admin', status: 'pending', expired: false });
    expect(await lockInvitation(db.ds, id, 'someone@example.test')).toBeUndefined();
    expect(await answerInvitation(db.ds, id, 'declined')).toBe(1);
    expect((await lockInvitation(db.ds, id, email))?.status).toBe('declined');

    const late = randomUUID();
    await insertInvitation(db.ds, { id: late, teamId, email: 'late@example.test', role: 'member', invitedBy: owner, days: 7 });
    await db.query(`UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [late]);
    expect(await lockInvitation(db.ds, late, 'late@example.test')).toMatchObject({ status: 'pending', expired: true });
    expect(await invitationsWaitingAt(db.ds, 'late@example.test')).toEqual([]);
    expect(await expireInvitations(db.ds, teamId)).toBe(1);
    expect((await lockInvitation(db.ds, late, 'late@example.test'))?.status).toBe('expired');

    await insertInvitation(db.ds, { id: randomUUID(), teamId, email: 'open@example.test', role: 'member', invitedBy: owner, days: 7 });
    expect(await withdrawInvitations(db.ds, teamId)).toBe(1);
    expect(await pendingInvitationCount(db.ds, teamId)).toBe(0);
  });
});
