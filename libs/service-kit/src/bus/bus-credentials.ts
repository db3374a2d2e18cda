import { BUS_PRINCIPALS, busPermissions, type BusPrincipal } from '@marketplace/contracts';
import { createUser, fromSeed } from '@nats-io/nkeys';

import { CALLER_SIGNING_KEY_ENV, CALLER_VERIFY_KEY_ENV, generateCallerKeys } from './caller-token.js';
import { BUS_MAX_PAYLOAD } from './nats-connection.js';

/** One deployment's bus secrets: an nkey per principal and the key pair the gateway signs callers with. */
export interface BusCredentials {
  /** nkey seeds (secret); the NATS server is given only their public keys. */
  seeds: Record<BusPrincipal, string>;
  callerSigningKey: string;
  callerVerifyKey: string;
}

export async function generateBusCredentials(): Promise<BusCredentials> {
  const seeds = Object.fromEntries(BUS_PRINCIPALS.map((p) => [p, new TextDecoder().decode(createUser().getSeed())])) as Record<BusPrincipal, string>;
  const { signingKey, verifyKey } = await generateCallerKeys();
  return { seeds, callerSigningKey: signingKey, callerVerifyKey: verifyKey };
}

export function publicKeyOf(seed: string): string {
  return fromSeed(new TextEncoder().encode(seed)).getPublicKey();
}

/**
 * The NATS server's `authorization` block and message limit, holding public keys only: each
 * principal may publish and subscribe to what the catalogue says and nothing else.
 */
export function natsServerConfig(publicKeys: Record<BusPrincipal, string>): string {
  const users = BUS_PRINCIPALS.map((principal) => {
    const p = busPermissions(principal);
    return {
      nkey: publicKeys[principal],
      permissions: {
        publish: { allow: p.publish },
        subscribe: { allow: p.subscribe },
        ...(p.allowResponses ? { allow_responses: true } : {}),
      },
    };
  });
  return `max_payload: ${BUS_MAX_PAYLOAD}\nauthorization ${JSON.stringify({ users }, null, 2)}\n`;
}

/** The environment one process of a principal needs: its own seed, and the caller key its role uses. */
export function busEnv(creds: BusCredentials, principal: BusPrincipal): Record<string, string> {
  return {
    NATS_NKEY_SEED: creds.seeds[principal],
    ...(principal === 'gateway' ? { [CALLER_SIGNING_KEY_ENV]: creds.callerSigningKey } : {}),
    ...(principal !== 'gateway' && principal !== 'operator' ? { [CALLER_VERIFY_KEY_ENV]: creds.callerVerifyKey } : {}),
  };
}
