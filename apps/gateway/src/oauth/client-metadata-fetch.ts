import type { Logger } from '@marketplace/service-kit/edge';
import { isSpecialUseName, NotPublicAddressError, processSettings, publicAddresses, type ServiceEnv, serviceEnv } from '@marketplace/service-kit/edge';

import { gatewaySettings } from '../gateway.settings.js';

type FetchOptions = RequestInit & { dispatcher?: unknown };

/**
 * Fetches client ID metadata documents (and any other URL a client names that oidc-provider
 * reads). The host first passes the kit's outbound guard, which reads every written form of an
 * address (IPv4-compatible ::7f00:1, translated, NAT64, 6to4, Teredo, hex and integer IPv4) as the
 * address it is; oidc-provider's own guard, on the dispatcher it passes, knows fewer of those forms.
 * That dispatcher stays on for every URL: it checks the address the connection reached, so a name
 * re-pointed inward after the check is still refused.
 *
 * The only exception is for tests: `OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN=http://127.0.0.1:PORT`
 * lets client ids `https://127.0.0.1:PORT/…` be read from that one loopback server over plain
 * HTTP. It is ignored when NODE_ENV is production.
 */
export function clientMetadataFetch(logger: Logger, env: ServiceEnv = serviceEnv()) {
  const loopback = loopbackOrigin(env, logger);
  return async (url: string | URL, options: FetchOptions): Promise<Response> => {
    const target = new URL(url);
    if (loopback && target.protocol === 'https:' && target.host === loopback.host) {
      const { dispatcher: _guard, ...rest } = options;
      return fetch(new URL(`${target.pathname}${target.search}`, loopback.origin), rest);
    }
    if (isSpecialUseName(target.hostname)) throw new NotPublicAddressError(target.hostname, 'a special-use name');
    await publicAddresses(target.hostname);
    return fetch(target, options as RequestInit);
  };
}

function loopbackOrigin(env: ServiceEnv, logger: Logger): URL | undefined {
  const origin = gatewaySettings.read(env).oauthClientMetadataLoopbackOrigin;
  if (!origin) return undefined;
  if (processSettings.read(env).nodeEnv === 'production') {
    logger.warn('OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN is ignored in production');
    return undefined;
  }
  if (origin.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(origin.hostname)) {
    throw new Error('OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN must be an http loopback origin, e.g. http://127.0.0.1:4100');
  }
  return origin;
}
