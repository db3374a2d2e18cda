import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed request may be: a captured one can be replayed only this long (event ids cover the rest). */
export const SIGNATURE_TOLERANCE_S = 300;
/** How far ahead of our clock a timestamp may be: clocks drift a little, never minutes. */
const CLOCK_SKEW_S = 30;

/**
 * The secrets IDENTITY_WEBHOOK_SECRET names, comma-separated: during a rotation the provider signs
 * with the new one while the old one still verifies.
 */
export function webhookSecrets(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `{t}.{body}` signed with one secret, as hex: what a provider puts in `v1=`. */
export function signIdentityEvent(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body, 'utf8').digest('hex');
}

/**
 * Whether `header` (`t={unix seconds},v1={hex}[,v1={hex}…]`) signs `body` with one of `secrets`,
 * at a time within the tolerance of `nowS`. One answer for every failure, so nothing tells a
 * forger which part was wrong.
 */
export function verifyIdentitySignature(header: string | undefined, body: string, secrets: readonly string[], nowS: number): boolean {
  if (!header || !secrets.length) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  const timestamp = Number(t);
  if (timestamp < nowS - SIGNATURE_TOLERANCE_S || timestamp > nowS + CLOCK_SKEW_S) return false;
  const given = parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/i.test(v)).map(([, v]) => Buffer.from(v!, 'hex'));
  return secrets.some((secret) => {
    const expected = Buffer.from(signIdentityEvent(secret, timestamp, body), 'hex');
    return given.some((g) => timingSafeEqual(g, expected));
  });
}
