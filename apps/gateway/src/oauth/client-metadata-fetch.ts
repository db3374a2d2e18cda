import { serviceEnv } from '@marketplace/service-kit/edge';
import type { Logger } from '@marketplace/service-kit/edge';

type FetchOptions = RequestInit & { dispatcher?: unknown };

/**
 * Fetches client ID metadata documents. oidc-provider passes an SSRF-guarded dispatcher that
 * refuses private, loopback and other special-use addresses; that guard stays on for every URL.
 *
 * The only exception is for tests: `OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN=http://127.0.0.1:PORT`
 * lets client ids `https://127.0.0.1:PORT/…` be read from that one loopback server over plain
 * HTTP. It is ignored when NODE_ENV is production.
 */
export function clientMetadataFetch(logger: Logger, env: NodeJS.ProcessEnv = serviceEnv()) {
  const loopback = loopbackOrigin(env, logger);
  return async (url: string | URL, options: FetchOptions): Promise<Response> => {
    const target = new URL(url);
    if (loopback && target.protocol === 'https:' && target.host === loopback.host) {
      const { dispatcher: _guard, ...rest } = options;
      return fetch(new URL(`${target.pathname}${target.search}`, loopback.origin), rest);
    }
    return fetch(target, options as RequestInit);
  };
}

function loopbackOrigin(env: NodeJS.ProcessEnv, logger: Logger): URL | undefined {
  const value = env.OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN;
  if (!value) return undefined;
  if (env.NODE_ENV === 'production') {
    logger.warn('OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN is ignored in production');
    return undefined;
  }
  const origin = new URL(value);
  if (origin.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(origin.hostname)) {
    throw new Error('OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN must be an http loopback origin, e.g. http://127.0.0.1:4100');
  }
  return origin;
}
