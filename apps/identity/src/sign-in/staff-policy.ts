import { signInConfig } from './sign-in.config.js';

/**
 * Staff: the account's own flag, or a verified address on a staff email domain. Computed on every
 * authentication, so changing STAFF_EMAIL_DOMAINS takes effect without touching accounts.
 */
export function isStaff(member: { email: string; staff: boolean; verified: boolean }, domains = signInConfig().staffDomains): boolean {
  if (member.staff) return true;
  if (!member.verified) return false;
  const domain = member.email.slice(member.email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}
