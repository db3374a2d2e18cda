import { AppError, safeLocalPath } from '@marketplace/contracts';

import { type SignInConfig, signInConfig } from './sign-in.config.js';

/**
 * A redirect target after sign-in: a path on this service, or an absolute URL on our own or a
 * trusted origin. Anything else could send a freshly signed-in browser to an attacker: 403.
 */
export function trustedCallback(value: string | undefined, field: string, config: SignInConfig = signInConfig()): string | undefined {
  if (value === undefined) return undefined;
  if (value.startsWith('/')) {
    // Only a path that stays on our origin, however a browser (or a later decode) reads it.
    const path = safeLocalPath(value, config.publicOrigin);
    if (path !== undefined) return path;
    throw new AppError(403, `${field} must be a path on this service or a URL on a trusted origin.`, { fields: { [field]: 'Untrusted callback URL.' } });
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError(403, `${field} must be a path on this service or a URL on a trusted origin.`, { fields: { [field]: 'Untrusted callback URL.' } });
  }
  if (url.origin !== config.publicOrigin && !config.trustedOrigins.has(url.origin)) {
    throw new AppError(403, `${field} must be a path on this service or a URL on a trusted origin.`, { fields: { [field]: 'Untrusted callback URL.' } });
  }
  return url.href;
}

/** The request's Origin (or Referer origin) must be ours or trusted when the browser sent one. */
export function assertTrustedOrigin(origin: string | undefined, config: SignInConfig = signInConfig()): void {
  if (origin === undefined) return;
  if (origin === config.publicOrigin || config.trustedOrigins.has(origin)) return;
  throw AppError.forbidden('Sign-in requests must come from this service or a trusted origin.');
}

/** Adds `error=<code>` to a callback, keeping what it already carries. */
export function withError(target: string, code: string): string {
  const absolute = /^https?:/.test(target);
  const url = new URL(target, 'http://placeholder');
  url.searchParams.set('error', code);
  return absolute ? url.href : `${url.pathname}${url.search}${url.hash}`;
}
