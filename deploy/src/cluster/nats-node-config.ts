import type { ClusterHost } from './cluster-network.js';

export const NATS_CLIENT_PORT = 4222;
export const NATS_ROUTE_PORT = 6222;
export const NATS_MONITOR_PORT = 8222;

/**
 * One server of the cluster's three-node NATS: JetStream on, routes to the other hosts, and the
 * users and permissions every other deployment's server gets (`natsServerConfig`, public keys only).
 */
export function natsNodeConfig(host: ClusterHost, all: readonly ClusterHost[], storeDir: string, usersAndLimits: string): string {
  const routes = all.filter((h) => h !== host).map((h) => `"nats-route://${h.address}:${NATS_ROUTE_PORT}"`);
  return [
    `server_name: "n${host.index}"`,
    `listen: "${host.address}:${NATS_CLIENT_PORT}"`,
    `http: "${host.address}:${NATS_MONITOR_PORT}"`,
    `jetstream { store_dir: "${storeDir}", max_memory_store: 256MB, max_file_store: 4GB }`,
    `cluster { name: "marketplace", listen: "${host.address}:${NATS_ROUTE_PORT}", routes: [${routes.join(', ')}] }`,
    usersAndLimits,
  ].join('\n');
}
