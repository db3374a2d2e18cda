import { describe, expect, it } from 'vitest';

import { signIdentityEvent, verifyIdentitySignature, webhookSecrets } from './identity-webhook-signature.js';

const NOW = 1_800_000_000;
const BODY = '{"id":"evt_1","reference":"m","status":"verified","verifiedName":"Zoë"}';
const header = (secret: string, t = NOW, body = BODY) => `t=${t},v1=${signIdentityEvent(secret, t, body)}`;

describe('identity provider webhook signatures', () => {
  it('accepts any configured secret, and a header carrying several signatures', () => {
    const secrets = webhookSecrets(' new-secret , old-secret ,');
    expect(secrets).toEqual(['new-secret', 'old-secret']);
    expect(verifyIdentitySignature(header('new-secret'), BODY, secrets, NOW)).toBe(true);
    expect(verifyIdentitySignature(header('old-secret'), BODY, secrets, NOW)).toBe(true);
    const both = `${header('other')},v1=${signIdentityEvent('old-secret', NOW, BODY)}`;
    expect(verifyIdentitySignature(both, BODY, secrets, NOW)).toBe(true);
  });

  it('refuses another secret, another body, no secret, and malformed headers', () => {
    expect(verifyIdentitySignature(header('other'), BODY, ['new-secret'], NOW)).toBe(false);
    expect(verifyIdentitySignature(header('new-secret'), `${BODY} `, ['new-secret'], NOW)).toBe(false);
    expect(verifyIdentitySignature(header('new-secret'), BODY, webhookSecrets(undefined), NOW)).toBe(false);
    for (const bad of [undefined, '', 'garbage', `v1=${signIdentityEvent('new-secret', NOW, BODY)}`, `t=${NOW},v1=zz`, `t=-1,v1=${'0'.repeat(64)}`]) {
      expect(verifyIdentitySignature(bad, BODY, ['new-secret'], NOW)).toBe(false);
    }
  });

  it('holds a timestamp to five minutes back and thirty seconds ahead', () => {
    const ok = (t: number) => verifyIdentitySignature(header('s', t), BODY, ['s'], NOW);
    expect(ok(NOW - 300)).toBe(true);
    expect(ok(NOW - 301)).toBe(false);
    expect(ok(NOW + 30)).toBe(true);
    expect(ok(NOW + 31)).toBe(false);
  });
});
