import { affected, type Db, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/**
 * Identity's part of an account deletion, before the photos' bytes go: the waitlist entry and
 * sign-in links at the member's address, sessions, linked providers, email and team invitations
 * (sent by the member or waiting at their address), the invitation link and network look-ups.
 * Answers the member's API key ids (their attempts are forgotten with the member's).
 */
export async function deleteMemberAccess(on: Db, memberId: string): Promise<string[]> {
  const email = db.selectFrom('members').select('email').where('id', '=', memberId);
  // Invitations go first: the waitlist entry is found by the address the scrub removes.
  await affected(on, db.deleteFrom('waitlist').where('email', '=', email));
  await affected(on, db.deleteFrom('magic_links').where('email', '=', email));
  // Browser sign-in goes here; agent access is removed by RemoveAgentAccessConsumer.
  await affected(on, db.deleteFrom('sessions').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('federated_identities').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('email_invitations').where('inviter_id', '=', memberId));
  await affected(
    on,
    db.deleteFrom('team_invitations').where((eb) => eb.or([eb('invited_by', '=', memberId), eb('email', '=', email)])),
  );
  await affected(on, db.deleteFrom('invite_links').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('network_lookups').where('member_id', '=', memberId));
  return (await rows(on, db.selectFrom('api_keys').select('id').where('member_id', '=', memberId))).map((k) => k.id);
}

export function deleteMemberKeys(on: Db, memberId: string): Promise<number> {
  return affected(on, db.deleteFrom('api_keys').where('member_id', '=', memberId));
}

/** Where the member's photos are stored (null for rows from before object storage). */
export async function photoKeysOf(on: Db, memberId: string): Promise<(string | null)[]> {
  return (await rows(on, db.selectFrom('member_photos').select('object_key').where('member_id', '=', memberId))).map((p) => p.object_key);
}

/** The photo rows and profile go, and the member row keeps only its id and dates, its email freed for a new account. */
export async function scrubMember(on: Db, memberId: string, name: string, deletedAt: string): Promise<void> {
  await affected(on, db.deleteFrom('member_photos').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('profiles').where('member_id', '=', memberId));
  await affected(
    on,
    db
      .updateTable('members')
      .set({
        email: sql<string>`'deleted-' || id || '@deleted.invalid'`,
        name,
        headline: null,
        photo_url: null,
        network_url: null,
        identity_status: 'none',
        verified_name: null,
        deleted_at: sql<Date>`COALESCE(deleted_at, ${deletedAt})`,
      })
      .where('id', '=', memberId),
  );
}
