import { randomUUID } from 'node:crypto';

import { affected, type Db, first, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

const now = () => sql<Date>`now()`;

/** Where to send the browser afterwards (already checked as trusted). */
export interface Callbacks {
  callbackUrl: string | null;
  newUserCallbackUrl: string | null;
  errorCallbackUrl: string | null;
}

/** A new verified account at this address, unless one exists (undefined then). */
export async function createVerifiedMember(on: Db, email: string, name: string): Promise<string | undefined> {
  return (
    await first(
      on,
      db
        .insertInto('members')
        .values({ id: randomUUID(), email, name, email_verified_at: now() })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id'),
    )
  )?.id;
}

/** The starting profile of every account: empty, anonymous as an applicant. */
export function insertStartingProfile(on: Db, memberId: string): Promise<number> {
  return affected(
    on,
    db
      .insertInto('profiles')
      .values({ member_id: memberId, skills: sql<string>`'[]'::jsonb`, applicant_visibility: 'anonymous' })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** Marks the account at this address verified (keeping the first time); answers its id. */
export async function markEmailVerified(on: Db, email: string): Promise<string | undefined> {
  return (
    await first(
      on,
      db
        .updateTable('members')
        .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
        .where('email', '=', email)
        .returning('id'),
    )
  )?.id;
}

/** An OIDC sign-in started, kept `minutes` for its callback. */
export function insertOidcRequest(on: Db, r: Callbacks & { stateHash: Buffer; codeVerifier: string; nonce: string; minutes: number }): Promise<number> {
  return affected(
    on,
    db.insertInto('oidc_requests').values({
      state_hash: r.stateHash,
      code_verifier: r.codeVerifier,
      nonce: r.nonce,
      callback_url: r.callbackUrl,
      new_user_callback_url: r.newUserCallbackUrl,
      error_callback_url: r.errorCallbackUrl,
      expires_at: sql<Date>`now() + make_interval(mins => ${r.minutes})`,
    }),
  );
}

/** Takes the unexpired OIDC request of this state (once: it is deleted). */
export function takeOidcRequest(on: Db, stateHash: Buffer) {
  return first(
    on,
    db
      .deleteFrom('oidc_requests')
      .where('state_hash', '=', stateHash)
      .where('expires_at', '>', now())
      .returning(['code_verifier', 'nonce', 'callback_url', 'new_user_callback_url', 'error_callback_url']),
  );
}

/** The account linked to the provider's subject. */
export async function linkedMember(on: Db, issuer: string, subject: string): Promise<string | undefined> {
  return (await first(on, db.selectFrom('federated_identities').select('member_id').where('issuer', '=', issuer).where('subject', '=', subject)))?.member_id;
}

export function linkIdentity(on: Db, issuer: string, subject: string, memberId: string): Promise<number> {
  return affected(
    on,
    db
      .insertInto('federated_identities')
      .values({ issuer, subject, member_id: memberId })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** A sign-in link, usable for `minutes`. */
export function insertMagicLink(on: Db, l: Callbacks & { tokenHash: Buffer; email: string; name: string | null; minutes: number }): Promise<number> {
  return affected(
    on,
    db.insertInto('magic_links').values({
      token_hash: l.tokenHash,
      email: l.email,
      name: l.name,
      callback_url: l.callbackUrl,
      new_user_callback_url: l.newUserCallbackUrl,
      error_callback_url: l.errorCallbackUrl,
      expires_at: sql<Date>`now() + make_interval(mins => ${l.minutes})`,
    }),
  );
}

export function deleteMagicLink(on: Db, tokenHash: Buffer): Promise<number> {
  return affected(on, db.deleteFrom('magic_links').where('token_hash', '=', tokenHash));
}

/** Consumes the link in one statement (of two concurrent clicks exactly one gets it), saying whether it was still fresh. */
export function consumeMagicLink(on: Db, tokenHash: Buffer) {
  return first(
    on,
    db
      .updateTable('magic_links')
      .set({ used_at: now() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning(['email', 'name', 'callback_url', 'new_user_callback_url', 'error_callback_url', sql<boolean>`expires_at > now()`.as('fresh')]),
  );
}

/** Where an unusable link sends the browser, if the link is known. */
export async function magicLinkErrorCallback(on: Db, tokenHash: Buffer): Promise<string | null | undefined> {
  return (await first(on, db.selectFrom('magic_links').select('error_callback_url').where('token_hash', '=', tokenHash)))?.error_callback_url;
}

/** The address an unused, unexpired link signs into. */
export async function magicLinkEmail(on: Db, tokenHash: Buffer): Promise<string | undefined> {
  return (
    await first(
      on,
      db.selectFrom('magic_links').select('email').where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', now()),
    )
  )?.email;
}
