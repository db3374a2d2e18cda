import { Agent } from 'node:https';

import { AppError } from '@marketplace/contracts';
import { type Lookup, NotPublicAddressError, publicAddresses, publicOnlyLookup } from '@marketplace/service-kit';

import { channelsConfig } from '../channels/channels.config.js';

/**
 * The push services browsers subscribe through (PushSubscription.endpoint): Chrome and other
 * Chromium browsers use FCM, Firefox Mozilla's autopush, Safari Apple's, Edge Windows Push
 * Notification Services (a host per region under notify.windows.com). An endpoint anywhere else
 * is not a browser's, and pushing to it would be a request on a member's behalf to a host they chose.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_SERVICE_SUFFIX = '.notify.windows.com';

/** Browsers per member; registering one more replaces the member's oldest (a browser re-subscribes with a new endpoint). */
export const PUSH_ENDPOINTS_PER_MEMBER = 5;

/** Push services answer in well under a second; an endpoint that keeps a worker waiting longer is given up on and retried. */
export const PUSH_TIMEOUT_MS = 5_000;

export type PushTarget = 'push-service' | 'test';

/** Which kind of push target an endpoint is, or undefined when it is not one. */
export function pushTargetOf(endpoint: string): PushTarget | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  const test = channelsConfig().pushTest.origin;
  if (test && url.origin === test) return 'test';
  if (url.protocol !== 'https:' || url.port !== '') return undefined;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || (host.endsWith(PUSH_SERVICE_SUFFIX) && host.length > PUSH_SERVICE_SUFFIX.length) ? 'push-service' : undefined;
}

/** The resolver push targets are looked up with: the system's, or in tests one that answers BROWSER_PUSH_TEST_ADDRESS. */
function pushLookup(): Lookup | undefined {
  const address = channelsConfig().pushTest.address;
  if (!address) return undefined;
  return (_hostname, _options, callback) => callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
}

const NOT_A_PUSH_SERVICE = 'Must be the endpoint of a browser push service (FCM, Mozilla, Apple or Windows), as PushSubscription.endpoint gives it.';

/** Refuses an endpoint that is not a push service's, or whose host resolves to an address that is not public (400). */
export async function checkPushEndpoint(endpoint: string): Promise<void> {
  const target = pushTargetOf(endpoint);
  if (!target) throw AppError.badRequest(NOT_A_PUSH_SERVICE, { endpoint: NOT_A_PUSH_SERVICE });
  if (target === 'test') return;
  try {
    await publicAddresses(new URL(endpoint).hostname, pushLookup());
  } catch (err) {
    if (err instanceof NotPublicAddressError) {
      const message = 'This push service host does not resolve to a public address.';
      throw AppError.badRequest(message, { endpoint: message });
    }
    throw AppError.unavailable('The push service could not be looked up just now; try again shortly.');
  }
}

let agent: { address: string | undefined; agent: Agent } | undefined;

/**
 * The https agent pushes go out through: its lookup refuses addresses that are not public at
 * connection time, so a host cannot be re-pointed inward after it was registered. The test
 * origin is reached directly.
 */
export function pushAgent(target: PushTarget): Agent | undefined {
  if (target === 'test') return undefined;
  const address = channelsConfig().pushTest.address;
  if (!agent || agent.address !== address) {
    agent = { address, agent: new Agent({ lookup: publicOnlyLookup(pushLookup()), timeout: PUSH_TIMEOUT_MS }) };
  }
  return agent.agent;
}
