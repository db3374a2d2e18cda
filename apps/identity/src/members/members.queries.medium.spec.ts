import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import {
  insertMember,
  insertProfile,
  liveMemberId,
  memberByEmail,
  memberById,
  profileOf,
  saveProfile,
  updateMember,
  updateMemberIfStatus,
} from './members.queries.js';

/** Medium: the member and profile statements against a real identity schema. */
describe('members.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_members_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('inserts, reads (locked or not), updates and compare-and-sets a member', async () => {
    const id = randomUUID();
    const email = `${id}@example.test`;
    const inserted = await insertMember(db.ds, { id, email, name: 'Ada', staff: true, headline: 'Hi', photo_url: null, email_verified_at: new Date() });
    expect(inserted).toMatchObject({
      id,
      email,
      name: 'Ada',
      staff: true,
      headline: 'Hi',
      photoUrl: null,
      signUpStep: 'network',
      identityStatus: 'none',
      deletedAt: null,
      removedAt: null,
      suspensionReason: null,
      admittedAt: null,
      signUpFinishedAt: null,
      verifiedName: null,
    });
    expect(inserted.createdAt).toBeInstanceOf(Date);
    expect(inserted.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await memberById(db.ds, id)).toEqual(inserted);
    expect(await db.ds.transaction((em) => memberById(em, id, true))).toEqual(inserted);
    expect(await memberByEmail(db.ds, email)).toEqual(inserted);
    expect(await memberById(db.ds, randomUUID())).toBeUndefined();

    expect(await updateMember(db.ds, id, { headline: 'Changed', network_url: 'https://network.example/in/ada' })).toBe(1);
    expect(await memberById(db.ds, id)).toMatchObject({ headline: 'Changed', networkUrl: 'https://network.example/in/ada' });
    expect(await updateMemberIfStatus(db.ds, id, 'review', { identity_status: 'started' })).toBe(0);
    expect(await updateMemberIfStatus(db.ds, id, 'none', { identity_status: 'started' })).toBe(1);
    expect((await memberById(db.ds, id))?.identityStatus).toBe('started');

    expect(await liveMemberId(db.ds, id)).toBe(id);
    await updateMember(db.ds, id, { deleted_at: new Date() });
    expect(await liveMemberId(db.ds, id)).toBeUndefined();
  });

  it('inserts a profile with defaults, then saves it whole (jsonb skills as an array)', async () => {
    const memberId = randomUUID();
    await insertMember(db.ds, { id: memberId, email: `${memberId}@example.test`, name: 'Bo' });
    expect(await profileOf(db.ds, memberId)).toBeNull();
    const inserted = await insertProfile(db.ds, { memberId, skills: [], applicantVisibility: 'anonymous' });
    expect(inserted).toMatchObject({
      memberId,
      about: null,
      skills: [],
      city: null,
      state: null,
      website: null,
      resume: null,
      usWorkAuthorized: null,
      applicantVisibility: 'anonymous',
    });
    expect(inserted.updatedAt).toBeInstanceOf(Date);
    const saved = {
      ...inserted,
      about: 'About',
      skills: ['TypeScript', 'SQL'],
      city: 'Austin',
      state: 'TX',
      usWorkAuthorized: true,
      updatedAt: new Date('2030-01-01T00:00:00Z'),
    };
    expect(await saveProfile(db.ds, saved)).toBe(1);
    expect(await profileOf(db.ds, memberId)).toEqual(saved);
    const other = randomUUID();
    await insertMember(db.ds, { id: other, email: `${other}@example.test`, name: 'Cy' });
    await saveProfile(db.ds, { memberId: other, skills: ['Go'], applicantVisibility: 'public' });
    expect(await profileOf(db.ds, other)).toMatchObject({ memberId: other, skills: ['Go'], applicantVisibility: 'public' });
  });
});
