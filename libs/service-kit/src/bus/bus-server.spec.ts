import { operationsOf } from '@marketplace/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';

import { createLogger } from '../logging/logger.js';
import { BusServer } from './bus-server.js';
import type { CallerVerifier } from './caller-token.js';
import type { OperationHandler } from './operation-handler.js';

describe('BusServer start-up', () => {
  it('refuses to start when an operation of its own service has no handler', () => {
    const subscribed: string[] = [];
    const nc = {
      subscribe: (subject: string) => {
        subscribed.push(subject);
        return { unsubscribe: () => undefined };
      },
    } as unknown as NatsConnection;
    const server = new BusServer(nc, 'jobs', createLogger('test'), {} as CallerVerifier);
    const owned = operationsOf('jobs');
    const handlers = owned.slice(1).map((operation) => ({ operation, handle: async () => ({}) }) as unknown as OperationHandler);
    expect(() => server.listen(handlers, owned)).toThrow(new RegExp(`no handler for ${owned[0]!.name}`));
    expect(subscribed).toEqual([]);
  });
});
