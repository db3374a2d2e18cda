import type { NatsConnection } from '@nats-io/transport-node';

import { encodeJson } from '../bus/codec.js';

export function healthSubject(service: string): string {
  return `${service}.v1.health`;
}

/** Lets the gateway's readiness check ask a service, over the bus, whether its database answers. */
export function answerHealth(nc: NatsConnection, service: string, ready: () => Promise<Record<string, boolean>>): void {
  nc.subscribe(healthSubject(service), {
    queue: service,
    callback: (err, msg) => {
      if (err) return;
      void ready().then(
        (deps) => msg.respond(encodeJson(deps)),
        () => msg.respond(encodeJson({ database: false })),
      );
    },
  });
}
