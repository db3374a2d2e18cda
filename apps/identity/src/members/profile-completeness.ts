import type { MemberEntity } from './member.entity.js';
import type { ProfileEntity } from './profile.entity.js';

/** What is still required before posting or applying (spec: Me.missing). */
export function missingProfileFields(member: MemberEntity, profile: ProfileEntity | null): string[] {
  const missing: string[] = [];
  if (!member.headline?.trim()) missing.push('headline');
  if (!profile?.city?.trim()) missing.push('city');
  if (!profile?.state) missing.push('state');
  if (!profile?.resume?.trim()) missing.push('resume');
  if (profile?.usWorkAuthorized !== true) missing.push('usWorkAuthorized');
  return missing;
}
