import type { BusPrincipal } from '@marketplace/contracts';
import { type BusCredentials, connectNats } from '@marketplace/service-kit';
import type { NatsConnection } from '@nats-io/transport-node';

/** The test system's bus secrets, handed from the global setup to the test processes. */
export const BUS_CREDENTIALS_ENV = 'MARKETPLACE_BUS_CREDENTIALS';

export function busCredentials(): BusCredentials {
  const json = process.env[BUS_CREDENTIALS_ENV];
  if (!json) throw new Error(`${BUS_CREDENTIALS_ENV} is not set: the end-to-end setup provides the bus credentials.`);
  return JSON.parse(json) as BusCredentials;
}

/** Connects to the test system's bus as one principal would, with that principal's permissions and nothing more. */
export function connectAs(natsUrl: string, principal: BusPrincipal, name = `e2e-${principal}`): Promise<NatsConnection> {
  return connectNats(principal, { servers: natsUrl, name, env: { NATS_NKEY_SEED: busCredentials().seeds[principal] } });
}
