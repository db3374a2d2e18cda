import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import {
  finishSignUp,
  holdsPlace,
  inviteLinkActivity,
  inviteLinksPage,
  isWaitlisted,
  joinWaitlist,
  lockEmailInvitation,
  lockLinkByTokenHash,
  lockOwnLinkRow,
  lockWaitlistEntry,
  markWaitlistInvited,
  placesUsed,
  recordJoin,
  reserveEmailInvitation,
  setInvitationState,
  settleInvitationsOf,
  waitlistPage,
} from './admission.queries.js';

/** Medium: the admission statements (links, joins, email invitations, the waitlist) against a real identity schema. */
describe('admission.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_admission_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async (name = 'Ada') => {
    const id = randomUUID();
    await db.query(`INSERT INTO members (id, email, name, email_verified_at) VALUES ($1, $2, $3, now())`, [id, `${id}@example.test`, name]);
    return id;
  };

  it('finishes sign-up once', async () => {
    const id = await member();
    expect(await finishSignUp(db.ds, id)).toBe(1);
    expect(await finishSignUp(db.ds, id)).toBe(0);
  });

  it('creates and locks the own link, joins through it once, counts places and settles invitations', async () => {
    const inviter = await member('Inviter');
    const joiner = await member('Joiner');
    const link = await db.ds.transaction(async (em) => {
      const created = await lockOwnLinkRow(em, inviter, `hash-${inviter}`, 'sealed');
      expect(await lockOwnLinkRow(em, inviter, 'other-hash', 'other')).toEqual(created);
      return created!;
    });
    expect(link).toMatchObject({ member_id: inviter, token_hash: `hash-${inviter}`, token_sealed: 'sealed', revoked_at: null });
    expect(link.created_at).toBeInstanceOf(Date);
    expect(await db.ds.transaction((em) => lockLinkByTokenHash(em, `hash-${inviter}`))).toEqual({ id: link.id, member_id: inviter, revoked_at: null });
    expect(await lockLinkByTokenHash(db.ds, 'nope')).toBeUndefined();

    // An email invitation reserves a place while sending, sent, or failed within 23 hours.
    const invitationId = randomUUID();
    expect(await holdsPlace(db.ds, inviter, 'friend@example.test')).toBe(false);
    await reserveEmailInvitation(db.ds, invitationId, inviter, 'friend@example.test');
    const locked = await db.ds.transaction((em) => lockEmailInvitation(em, inviter, 'friend@example.test'));
    expect(locked).toMatchObject({ id: invitationId, state: 'sending' });
    expect(locked!.attempted_at).toBeInstanceOf(Date);
    expect(await holdsPlace(db.ds, inviter, 'friend@example.test')).toBe(true);
    expect(await placesUsed(db.ds, inviter)).toBe(1);
    await setInvitationState(db.ds, invitationId, 'failed');
    expect(await placesUsed(db.ds, inviter)).toBe(1);
    await db.query(`UPDATE email_invitations SET attempted_at = now() - interval '24 hours' WHERE id = $1`, [invitationId]);
    expect(await placesUsed(db.ds, inviter)).toBe(0);
    await reserveEmailInvitation(db.ds, invitationId, inviter, 'friend@example.test');
    await setInvitationState(db.ds, invitationId, 'sent');
    expect((await lockEmailInvitation(db.ds, inviter, 'friend@example.test'))?.state).toBe('sent');

    expect(await recordJoin(db.ds, joiner, inviter, link.id)).toEqual({ member_id: joiner });
    expect(await recordJoin(db.ds, joiner, inviter, link.id)).toBeUndefined();
    expect(await placesUsed(db.ds, inviter)).toBe(2);

    const activity = await inviteLinkActivity(db.ds, inviter);
    expect(activity.uses).toBe(1);
    expect(activity.pendingCount).toBe(1);
    expect(activity.joined).toEqual([{ member_id: joiner, name: 'Joiner', created_at: expect.any(Date) }]);
    expect(activity.pending).toEqual([{ email: 'friend@example.test', state: 'sent', created_at: expect.any(Date) }]);

    await joinWaitlist(db.ds, 'friend@example.test');
    await settleInvitationsOf(db.ds, 'friend@example.test', joiner);
    expect((await lockEmailInvitation(db.ds, inviter, 'friend@example.test'))?.state).toBe('joined');
    expect(await db.query('SELECT joined_member_id FROM waitlist WHERE email = $1', ['friend@example.test'])).toEqual([{ joined_member_id: joiner }]);
    expect((await inviteLinkActivity(db.ds, inviter)).pendingCount).toBe(0);

    // Staff list: live members' links, most used first, one row beyond the page.
    const other = await member('Other');
    await lockOwnLinkRow(db.ds, other, `hash-${other}`, 'sealed-other');
    const page = await inviteLinksPage(db.ds, 0, 1);
    expect(page.map((r) => [r.member_id, r.uses, r.name])).toEqual([
      [inviter, 1, 'Inviter'],
      [other, 0, 'Other'],
    ]);
    expect(await inviteLinksPage(db.ds, 1, 5)).toHaveLength(1);
  });

  it('joins the waitlist once, pages it by status and marks an entry invited', async () => {
    const waiting = await member('Waiting');
    const email = `${waiting}@example.test`;
    expect(await isWaitlisted(db.ds, waiting)).toBe(false);
    expect(await joinWaitlist(db.ds, email)).toBe(1);
    expect(await joinWaitlist(db.ds, email)).toBe(0);
    expect(await isWaitlisted(db.ds, waiting)).toBe(true);
    const [entry] = await db.query<{ id: string }>('SELECT id FROM waitlist WHERE email = $1', [email]);
    const statusOf = async (status: 'waiting' | 'invited' | 'joined') => (await waitlistPage(db.ds, status, 0, 100)).map((r) => r.email);
    expect(await statusOf('waiting')).toContain(email);
    const locked = await db.ds.transaction((em) => lockWaitlistEntry(em, entry!.id));
    expect(locked).toMatchObject({ id: entry!.id, email, invited_at: null, joined_member_id: null });
    const staff = await member('Staff');
    const invited = await markWaitlistInvited(db.ds, entry!.id, staff);
    expect(invited).toMatchObject({ id: entry!.id, invited_by: staff });
    expect(invited!.invited_at).toBeInstanceOf(Date);
    expect(await statusOf('invited')).toEqual([email]);
    expect(await statusOf('waiting')).not.toContain(email);
    expect((await waitlistPage(db.ds, null, 0, 100)).map((r) => r.email)).toContain(email);
    expect(await lockWaitlistEntry(db.ds, randomUUID())).toBeUndefined();
  });
});
