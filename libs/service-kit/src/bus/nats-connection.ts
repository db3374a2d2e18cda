import { readFileSync } from 'node:fs';

import { BUS_PRINCIPALS, type BusPrincipal, principalInbox } from '@marketplace/contracts';
import { connect, type ConnectionOptions, type NatsConnection, nkeyAuthenticator } from '@nats-io/transport-node';

import { busSettings } from '../scope/kit-settings.js';
import { serviceEnv } from '../scope/service-scope.js';

/** Every message on the bus stays under this; requests that would not fit answer 413 before they are sent. */
export const BUS_MAX_PAYLOAD = 1_048_576;

export function natsUrl(env: NodeJS.ProcessEnv = serviceEnv()): string {
  return busSettings.read(env).natsUrl;
}

/** Each principal's replies arrive under its own prefix, which its NATS user alone may subscribe to. */
export function inboxPrefix(principal: string): string {
  return `_INBOX.${principal}`;
}

/** The inbox prefix the connection was made with (`connectNats` sets the principal's). */
export function inboxPrefixOf(nc: NatsConnection): string | undefined {
  return (nc as NatsConnection & { options?: ConnectionOptions }).options?.inboxPrefix;
}

/** The principal a connection made by `connectNats` sends as (read back from its inbox prefix); undefined for any other. */
export function principalOf(nc: NatsConnection): BusPrincipal | undefined {
  const prefix = inboxPrefixOf(nc);
  return prefix === undefined ? undefined : BUS_PRINCIPALS.find((p) => principalInbox(p) === prefix);
}

/** The largest message the connected server takes (BUS_MAX_PAYLOAD until it has said). */
export function maxPayloadOf(nc: NatsConnection): number {
  return nc.info?.max_payload ?? BUS_MAX_PAYLOAD;
}

/**
 * The principal's NATS credentials: an nkey seed (NATS_NKEY_SEED, or a file named by
 * NATS_NKEY_SEED_FILE), else a user and password; none when the server asks for none.
 */
function credentials(env: NodeJS.ProcessEnv): Parameters<typeof connect>[0] {
  const s = busSettings.read(env);
  const seed = s.natsNkeySeed || (s.natsNkeySeedFile ? readFileSync(s.natsNkeySeedFile, 'utf8').trim() : '');
  if (seed) return { authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)) };
  if (s.natsUser) return { user: s.natsUser, pass: s.natsPassword ?? '' };
  return {};
}

/** Reconnects forever: a NATS restart must not take a service down for good. */
export async function connectNats(principal: string, opts: { name?: string; env?: NodeJS.ProcessEnv; servers?: string } = {}): Promise<NatsConnection> {
  const env = opts.env ?? serviceEnv();
  return connect({
    servers: (opts.servers ?? natsUrl(env)).split(','),
    name: opts.name ?? principal,
    inboxPrefix: inboxPrefix(principal),
    ...credentials(env),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    pingInterval: 10_000,
    // Async stack traces cost two Error objects per request on the hot path; our errors carry requestIds instead.
    noAsyncTraces: true,
  });
}
