import type { Caller } from '@marketplace/contracts';
import type { ServerContext } from '@modelcontextprotocol/server';

import type { AuthorizationServer } from '../oauth/authorization-server.js';
import type { McpSdk } from './mcp-sdk.js';

/**
 * The request state a question carries: the consent's digest, or for the record page the link's
 * answer made on the first call, given back on the retry (the link is made once, not per call).
 */
export interface ConsentState {
  digest: string;
  made?: unknown;
}

export type ConsentCodec = ReturnType<McpSdk['createRequestStateCodec']> & { mint(payload: ConsentState, ctx?: ServerContext): Promise<string> };

/** How long a human has to answer a consent question. */
export const CONSENT_TTL_S = 600;

/**
 * One codec per process, keyed from the authorization server's keys (the same on every replica),
 * bound to the member and the agent's client so one agent's question cannot be answered by another.
 */
let codec: Promise<ConsentCodec> | undefined;
let codecIssuer: AuthorizationServer | undefined;
export function consentCodecFor(oauth: AuthorizationServer, sdk: McpSdk): Promise<ConsentCodec> {
  if (!codec || codecIssuer !== oauth) {
    codecIssuer = oauth;
    codec = oauth.load().then(
      ({ stateKey }) =>
        sdk.createRequestStateCodec<ConsentState>({
          key: stateKey,
          ttlSeconds: CONSENT_TTL_S,
          bind: (ctx) => {
            const caller = (ctx.http?.authInfo?.extra as { call?: { caller: Caller | null } } | undefined)?.call?.caller;
            return `${ctx.mcpReq.method}\0${caller?.memberId ?? ''}\0${caller?.clientId ?? ''}`;
          },
        }) as ConsentCodec,
    );
    codec.catch(() => {
      codec = undefined;
    });
  }
  return codec;
}
