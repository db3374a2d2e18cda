import { AppError, type Me, type MemberProfile } from '@marketplace/contracts';
import type { Db } from '@marketplace/service-kit';

import { type Member, memberById, type Profile, profileOf } from '../members/members.queries.js';
import { missingProfileFields } from '../members/profile-completeness.js';

export function toMemberProfile(member: Member, profile: Profile | null): MemberProfile | null {
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
export function toMe(member: Member, profile: Profile | null, signUp: Me['signUp'], verificationEnabled: boolean): Me {
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
export async function loadOwnAccount(db: Db, memberId: string, lock = false): Promise<{ member: Member; profile: Profile | null }> {
  const member = await memberById(db, memberId, lock);
  if (!member || member.deletedAt) throw AppError.unauthorized('This account no longer exists.');
  const profile = await profileOf(db, memberId);
  return { member, profile };
}
