import { busSettings } from '../scope/kit-settings.js';
import { serviceEnv } from '../scope/service-scope.js';

/**
 * Copies of each JetStream stream the services create (events, work queues). One suits a single
 * NATS server; a clustered NATS (three servers) should keep three so losing a server loses nothing.
 * Read when a stream is first created: changing it later needs `nats stream edit`.
 */
export function streamReplicas(env: NodeJS.ProcessEnv = serviceEnv()): number {
  // JetStream allows 1 to 5 replicas; a typo must stop the service, not create a stream it cannot keep.
  return busSettings.read(env).jetstreamReplicas;
}
