import type { EntityManager, DataSource } from 'typeorm';
import { AppError, type Me, type MemberProfile } from '@marketplace/contracts';
import { MemberEntity } from '../members/member.entity.js';
import { ProfileEntity } from '../members/profile.entity.js';
import { missingProfileFields } from '../members/profile-completeness.js';

export function toMemberProfile(member: MemberEntity, profile: ProfileEntity | null): MemberProfile | null {
  if (!profile) return null;
  return {
    headline: member.headline,
    about: profile.about,
    skills: profile.skills ?? [],
    city: profile.city,
    state: (profile.state as MemberProfile['state']) ?? null,
    website: profile.website,
    resume: profile.resume,
    usWorkAuthorized: profile.usWorkAuthorized,
    applicantVisibility: profile.applicantVisibility ?? 'anonymous',
  };
}

/** Me as the contract shapes it; `signUp` is filled by the sign-up state, null once finished. */
export function toMe(member: MemberEntity, profile: ProfileEntity | null, signUp: Me['signUp'], verificationEnabled: boolean): Me {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    photoUrl: member.photoUrl,
    networkUrl: member.networkUrl,
    profile: toMemberProfile(member, profile),
    missing: missingProfileFields(member, profile),
    signUp,
    identityVerificationEnabled: verificationEnabled,
  };
}

/** The caller's live account; a deleted account no longer exists for its former owner. */
export async function loadOwnAccount(
  db: DataSource | EntityManager, memberId: string, lock = false,
): Promise<{ member: MemberEntity; profile: ProfileEntity | null }> {
  const member = await db.getRepository(MemberEntity).findOne({
    where: { id: memberId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!member || member.deletedAt) throw AppError.unauthorized('This account no longer exists.');
  const profile = await db.getRepository(ProfileEntity).findOneBy({ memberId });
  return { member, profile };
}
