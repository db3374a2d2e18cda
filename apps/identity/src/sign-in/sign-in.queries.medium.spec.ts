import { randomBytes, randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import {
  consumeMagicLink,
  createVerifiedMember,
  deleteMagicLink,
  insertMagicLink,
  insertOidcRequest,
  insertStartingProfile,
  linkedMember,
  linkIdentity,
  magicLinkEmail,
  magicLinkErrorCallback,
  markEmailVerified,
  takeOidcRequest,
} from './sign-in.queries.js';

/** Medium: the sign-in statements (accounts, sign-in links, OIDC requests, linked identities) against a real identity schema. */
describe('sign-in.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_signin_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const callbacks = { callbackUrl: '/after', newUserCallbackUrl: '/welcome', errorCallbackUrl: '/oops' };

  it('creates a verified account once with its starting profile, and marks an existing one verified', async () => {
    const email = `${randomUUID()}@example.test`;
    const id = await createVerifiedMember(db.ds, email, 'Ada');
    expect(id).toBeDefined();
    expect(await createVerifiedMember(db.ds, email, 'Again')).toBeUndefined();
    expect(await insertStartingProfile(db.ds, id!)).toBe(1);
    expect(await insertStartingProfile(db.ds, id!)).toBe(0);
    expect(await db.query('SELECT skills, applicant_visibility FROM profiles WHERE member_id = $1', [id])).toEqual([
      { skills: [], applicant_visibility: 'anonymous' },
    ]);
    await db.query('UPDATE members SET email_verified_at = NULL WHERE id = $1', [id]);
    expect(await markEmailVerified(db.ds, email)).toBe(id);
    const [{ verified }] = (await db.query<{ verified: Date }>('SELECT email_verified_at AS verified FROM members WHERE id = $1', [id])) as [
      { verified: Date },
    ];
    expect(await markEmailVerified(db.ds, email)).toBe(id);
    expect(await db.query('SELECT email_verified_at AS verified FROM members WHERE id = $1', [id])).toEqual([{ verified }]);
    expect(await markEmailVerified(db.ds, 'nobody@example.test')).toBeUndefined();
  });

  it('takes an OIDC request once while unexpired, and links a provider identity once', async () => {
    const stateHash = randomBytes(32);
    expect(await insertOidcRequest(db.ds, { ...callbacks, stateHash, codeVerifier: 'verifier', nonce: 'nonce', minutes: 10 })).toBe(1);
    expect(await takeOidcRequest(db.ds, stateHash)).toEqual({
      code_verifier: 'verifier',
      nonce: 'nonce',
      callback_url: '/after',
      new_user_callback_url: '/welcome',
      error_callback_url: '/oops',
    });
    expect(await takeOidcRequest(db.ds, stateHash)).toBeUndefined();
    const expired = randomBytes(32);
    await insertOidcRequest(db.ds, { ...callbacks, stateHash: expired, codeVerifier: 'v', nonce: 'n', minutes: -1 });
    expect(await takeOidcRequest(db.ds, expired)).toBeUndefined();

    const memberId = (await createVerifiedMember(db.ds, `${randomUUID()}@example.test`, 'Bo'))!;
    expect(await linkedMember(db.ds, 'https://issuer.example', 'sub-1')).toBeUndefined();
    expect(await linkIdentity(db.ds, 'https://issuer.example', 'sub-1', memberId)).toBe(1);
    expect(await linkIdentity(db.ds, 'https://issuer.example', 'sub-1', memberId)).toBe(0);
    expect(await linkedMember(db.ds, 'https://issuer.example', 'sub-1')).toBe(memberId);
  });

  it('peeks, consumes once (saying whether fresh) and deletes sign-in links', async () => {
    const tokenHash = randomBytes(32);
    await insertMagicLink(db.ds, { ...callbacks, tokenHash, email: 'a@example.test', name: 'Ada', minutes: 5 });
    expect(await magicLinkEmail(db.ds, tokenHash)).toBe('a@example.test');
    expect(await consumeMagicLink(db.ds, tokenHash)).toEqual({
      email: 'a@example.test',
      name: 'Ada',
      callback_url: '/after',
      new_user_callback_url: '/welcome',
      error_callback_url: '/oops',
      fresh: true,
    });
    expect(await consumeMagicLink(db.ds, tokenHash)).toBeUndefined();
    expect(await magicLinkEmail(db.ds, tokenHash)).toBeUndefined();
    expect(await magicLinkErrorCallback(db.ds, tokenHash)).toBe('/oops');
    expect(await magicLinkErrorCallback(db.ds, randomBytes(32))).toBeUndefined();

    const stale = randomBytes(32);
    await insertMagicLink(db.ds, { ...callbacks, tokenHash: stale, email: 'b@example.test', name: null, minutes: -1 });
    expect(await magicLinkEmail(db.ds, stale)).toBeUndefined();
    expect((await consumeMagicLink(db.ds, stale))?.fresh).toBe(false);
    expect(await deleteMagicLink(db.ds, stale)).toBe(1);
    expect(await deleteMagicLink(db.ds, stale)).toBe(0);
  });
});
