import { AppError } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { assertTrustedOrigin, trustedCallback, withError } from './callback-url.js';
import { readSignInConfig } from './sign-in.config.js';

const config = readSignInConfig({ PUBLIC_URL: 'https://market.example/', TRUSTED_ORIGINS: 'https://app.example, https://other.example/path' });

const status = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as AppError).status;
  }
};

describe('sign-in callbacks and origins', () => {
  it('accepts paths here and absolute URLs on our own or a trusted origin', () => {
    expect(trustedCallback('/agent-access?x=1', 'callbackURL', config)).toBe('/agent-access?x=1');
    expect(trustedCallback('https://market.example/a', 'callbackURL', config)).toBe('https://market.example/a');
    expect(trustedCallback('https://other.example/b', 'callbackURL', config)).toBe('https://other.example/b');
    expect(trustedCallback(undefined, 'callbackURL', config)).toBeUndefined();
  });

  it('refuses foreign, protocol-relative and non-http callbacks with 403', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'http://market.example/']) {
      expect(
        status(() => trustedCallback(bad, 'callbackURL', config)),
        bad,
      ).toBe(403);
    }
  });

  it('refuses paths a browser reads as another origin: control characters, whitespace, encoded variants (403)', () => {
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/ /evil.example',
      '/\u0000/evil.example',
      '/%09/evil.example',
      '/%5Cevil.example',
      '/%2F/evil.example',
      '/%252F/evil.example',
    ]) {
      expect(
        status(() => trustedCallback(bad, 'callbackURL', config)),
        JSON.stringify(bad),
      ).toBe(403);
    }
  });

  it('trusts no Origin (non-browser clients), our own and configured ones; refuses others', () => {
    expect(status(() => assertTrustedOrigin(undefined, config))).toBe(200);
    expect(status(() => assertTrustedOrigin('https://market.example', config))).toBe(200);
    expect(status(() => assertTrustedOrigin('https://app.example', config))).toBe(200);
    expect(status(() => assertTrustedOrigin('https://evil.example', config))).toBe(403);
    expect(status(() => assertTrustedOrigin('null', config))).toBe(403);
  });

  it('adds the error code to a callback, keeping its query', () => {
    expect(withError('/sign-in', 'EXPIRED_TOKEN')).toBe('/sign-in?error=EXPIRED_TOKEN');
    expect(withError('/sign-in?from=mail', 'INVALID_TOKEN')).toBe('/sign-in?from=mail&error=INVALID_TOKEN');
    expect(withError('https://app.example/x', 'INVALID_TOKEN')).toBe('https://app.example/x?error=INVALID_TOKEN');
  });
});
