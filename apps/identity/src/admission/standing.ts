import type { EffectiveSettings } from '../settings/settings.service.js';
import { isStaff } from '../sign-in/staff-policy.js';

export interface StandingFacts {
  email: string;
  staff: boolean;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  admittedAt: Date | null;
  signUpFinishedAt: Date | null;
}

/**
 * Let in: always when the service is not invite-only; otherwise by an invitation, by having
 * been a member before invite-only took effect, or as a verified staff-domain account.
 */
export function isAdmitted(m: StandingFacts, s: EffectiveSettings): boolean {
  if (!s.inviteOnly || m.admittedAt) return true;
  if (s.inviteOnlySince && m.createdAt < s.inviteOnlySince) return true;
  return m.emailVerifiedAt !== null && isStaff({ email: m.email, staff: m.staff, verified: true });
}

/** Sign-up is owed only with identity verification on; without it admitted members are done. */
export function signUpPending(m: StandingFacts, s: EffectiveSettings): boolean {
  return s.identityVerification && isAdmitted(m, s) && m.signUpFinishedAt === null;
}

/** With verification off, an admitted member finishes sign-up automatically (recorded once). */
export function finishesAutomatically(m: StandingFacts, s: EffectiveSettings): boolean {
  return !s.identityVerification && m.signUpFinishedAt === null && isAdmitted(m, s);
}
