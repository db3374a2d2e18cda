import type { EffectiveSettings } from '../settings/settings.service.js';

export interface StandingFacts {
  email: string;
  staff: boolean;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  admittedAt: Date | null;
  signUpFinishedAt: Date | null;
}

/** STAFF_EMAIL_DOMAINS: comma-separated domains whose verified addresses are staff accounts. */
export function onStaffDomain(email: string): boolean {
  const domains = (process.env.STAFF_EMAIL_DOMAINS ?? '').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}

/**
 * Let in: always when the service is not invite-only; otherwise by an invitation, by having
 * been a member before invite-only took effect, or as a verified staff-domain account.
 */
export function isAdmitted(m: StandingFacts, s: EffectiveSettings): boolean {
  if (!s.inviteOnly || m.admittedAt) return true;
  if (s.inviteOnlySince && m.createdAt < s.inviteOnlySince) return true;
  return m.emailVerifiedAt !== null && (m.staff || onStaffDomain(m.email));
}

/** Sign-up is owed only with identity verification on; without it admitted members are done. */
export function signUpPending(m: StandingFacts, s: EffectiveSettings): boolean {
  return s.identityVerification && isAdmitted(m, s) && m.signUpFinishedAt === null;
}

/** With verification off, an admitted member finishes sign-up automatically (recorded once). */
export function finishesAutomatically(m: StandingFacts, s: EffectiveSettings): boolean {
  return !s.identityVerification && m.signUpFinishedAt === null && isAdmitted(m, s);
}
