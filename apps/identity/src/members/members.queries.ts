import { affected, type Db, first, type Insertable, type Selectable, type Updateable } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

export type IdentityStatus = 'none' | 'started' | 'review' | 'verified' | 'failed' | 'expired' | 'duplicate';
export type SignUpStep = 'network' | 'identity' | 'work';
export type ApplicantVisibility = 'anonymous' | 'public';

/** The members row with the values its checks allow. */
type MemberRow = Omit<Selectable<DB['members']>, 'sign_up_step' | 'identity_status'> & {
  sign_up_step: SignUpStep;
  identity_status: IdentityStatus;
};
/** The profiles row with its jsonb skills and visibility as written. */
type ProfileRow = Omit<Selectable<DB['profiles']>, 'skills' | 'applicant_visibility'> & {
  skills: string[];
  applicant_visibility: ApplicantVisibility;
};

/** A member as the handlers use it (camelCase), mapped from its row so a renamed column fails here. */
export function toMember(r: MemberRow) {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    headline: r.headline,
    photoUrl: r.photo_url,
    emailVerifiedAt: r.email_verified_at,
    staff: r.staff,
    createdAt: r.created_at,
    networkUrl: r.network_url,
    deletedAt: r.deleted_at,
    removedAt: r.removed_at,
    suspendedAt: r.suspended_at,
    suspensionReason: r.suspension_reason,
    suspendedBy: r.suspended_by,
    admittedAt: r.admitted_at,
    signUpStep: r.sign_up_step,
    signUpFinishedAt: r.sign_up_finished_at,
    identityStatus: r.identity_status,
    verifiedName: r.verified_name,
  };
}
export type Member = ReturnType<typeof toMember>;

export function toProfile(r: ProfileRow) {
  return {
    memberId: r.member_id,
    about: r.about,
    skills: r.skills,
    city: r.city,
    state: r.state,
    website: r.website,
    resume: r.resume,
    usWorkAuthorized: r.us_work_authorized,
    applicantVisibility: r.applicant_visibility,
    updatedAt: r.updated_at,
  };
}
export type Profile = ReturnType<typeof toProfile>;

const members = () => db.selectFrom('members').selectAll().$narrowType<{ sign_up_step: SignUpStep; identity_status: IdentityStatus }>();

/** The member (deleted or not), optionally locked for the rest of the transaction. */
export async function memberById(on: Db, id: string, lock = false): Promise<Member | undefined> {
  const q = members().where('id', '=', id);
  const row = await first(on, lock ? q.forUpdate() : q);
  return row && toMember(row);
}

export async function memberByEmail(on: Db, email: string): Promise<Member | undefined> {
  const row = await first(on, members().where('email', '=', email));
  return row && toMember(row);
}

export async function profileOf(on: Db, memberId: string): Promise<Profile | null> {
  const row = await first(
    on,
    db.selectFrom('profiles').selectAll().where('member_id', '=', memberId).$narrowType<{ skills: string[]; applicant_visibility: ApplicantVisibility }>(),
  );
  return row ? toProfile(row) : null;
}

/** Changes the given columns of a member. */
export function updateMember(on: Db, id: string, changes: Updateable<DB['members']>): Promise<number> {
  return affected(on, db.updateTable('members').set(changes).where('id', '=', id));
}

/** Changes the given columns of a member only while its identity status is still `status` (compare-and-set). */
export function updateMemberIfStatus(on: Db, id: string, status: IdentityStatus, changes: Updateable<DB['members']>): Promise<number> {
  return affected(on, db.updateTable('members').set(changes).where('id', '=', id).where('identity_status', '=', status));
}

export async function insertMember(on: Db, values: Insertable<DB['members']>): Promise<Member> {
  const row = await first(
    on,
    db.insertInto('members').values(values).returningAll().$narrowType<{ sign_up_step: SignUpStep; identity_status: IdentityStatus }>(),
  );
  return toMember(row!);
}

type ProfileValues = Partial<Omit<Profile, 'memberId' | 'updatedAt'>> & { memberId: string; updatedAt?: Date };

function profileColumns(p: ProfileValues) {
  return {
    member_id: p.memberId,
    ...(p.about !== undefined ? { about: p.about } : {}),
    ...(p.skills !== undefined ? { skills: JSON.stringify(p.skills) } : {}),
    ...(p.city !== undefined ? { city: p.city } : {}),
    ...(p.state !== undefined ? { state: p.state } : {}),
    ...(p.website !== undefined ? { website: p.website } : {}),
    ...(p.resume !== undefined ? { resume: p.resume } : {}),
    ...(p.usWorkAuthorized !== undefined ? { us_work_authorized: p.usWorkAuthorized } : {}),
    ...(p.applicantVisibility !== undefined ? { applicant_visibility: p.applicantVisibility } : {}),
    ...(p.updatedAt !== undefined ? { updated_at: p.updatedAt } : {}),
  };
}

/** A new profile; the columns not given take their defaults. Answers it as stored. */
export async function insertProfile(on: Db, p: ProfileValues): Promise<Profile> {
  const row = await first(
    on,
    db.insertInto('profiles').values(profileColumns(p)).returningAll().$narrowType<{ skills: string[]; applicant_visibility: ApplicantVisibility }>(),
  );
  return toProfile(row!);
}

/** Writes the whole profile: inserted, or every given column replaced when the member has one. */
export async function saveProfile(on: Db, p: ProfileValues): Promise<number> {
  const { member_id: _id, ...set } = profileColumns(p);
  return affected(
    on,
    db
      .insertInto('profiles')
      .values(profileColumns(p))
      .onConflict((oc) => (Object.keys(set).length ? oc.column('member_id').doUpdateSet(set) : oc.column('member_id').doNothing())),
  );
}

/** A live member's id, or undefined. */
export async function liveMemberId(on: Db, id: string): Promise<string | undefined> {
  return (await first(on, db.selectFrom('members').select('id').where('id', '=', id).where('deleted_at', 'is', null)))?.id;
}
