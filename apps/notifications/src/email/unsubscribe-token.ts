import { CONTACT_SWITCHES, type ContactSwitch } from '@marketplace/contracts';
import { signToken, verifySignedToken } from '@marketplace/service-kit';

/**
 * `<memberId>.<switch>.<signature>`: anyone holding the link may turn that one switch off for that
 * member, and nothing else. It does not expire, like the footer of any mailing.
 */
export function signUnsubscribe(key: string, memberId: string, which: ContactSwitch): string {
  return signToken(key, 'unsubscribe', [memberId, which]);
}

export function verifyUnsubscribe(key: string, token: string): { memberId: string; which: ContactSwitch } | null {
  const fields = verifySignedToken(key, 'unsubscribe', token, 2);
  if (!fields || !(CONTACT_SWITCHES as readonly string[]).includes(fields[1]!)) return null;
  return { memberId: fields[0]!, which: fields[1] as ContactSwitch };
}
