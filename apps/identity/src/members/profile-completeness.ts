import type { Member, Profile } from './members.queries.js';

/** What is still required before posting or applying (spec: Me.missing). */
export function missingProfileFields(member: Pick<Member, 'headline'>, profile: Profile | null): string[] {
  const missing: string[] = [];
  if (!member.headline?.trim()) missing.push('headline');
  if (!profile?.city?.trim()) missing.push('city');
  if (!profile?.state) missing.push('state');
  if (!profile?.resume?.trim()) missing.push('resume');
  if (profile?.usWorkAuthorized !== true) missing.push('usWorkAuthorized');
  return missing;
}
