import type { NatsConnection } from '@nats-io/transport-node';
import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { AccessSettingsCache } from '../access/member-access.js';
import { BusClient } from '../bus/bus-client.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { startBroadcastConsumer } from '../events/broadcast-consumer.js';
import type { Logger } from '../logging/logger.js';
import type { OutboxRelay } from '../outbox/outbox-relay.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { LOGGER, NATS_CONNECTION, SERVICE_NAME } from './kit.tokens.js';

export interface KitRuntime {
  service: string;
  nc: NatsConnection;
  ds: DataSource | undefined;
  relay: OutboxRelay | undefined;
  logger: Logger;
}

/** Makes the connections opened before Nest starts injectable everywhere in the service. */
@Module({})
export class KitModule {
  static forRoot(rt: KitRuntime): DynamicModule {
    const bus = new BusClient(rt.nc);
    const accessSettings = new AccessSettingsCache(bus);
    startBroadcastConsumer(rt.nc, accessSettings, rt.logger);
    const providers = [
      { provide: SERVICE_NAME, useValue: rt.service },
      { provide: NATS_CONNECTION, useValue: rt.nc },
      { provide: LOGGER, useValue: rt.logger },
      { provide: BusClient, useValue: bus },
      { provide: AccessSettingsCache, useValue: accessSettings },
      { provide: ObjectStorage, useValue: ObjectStorage.fromEnv() },
      ...(rt.ds && rt.relay
        ? [
            { provide: DataSource, useValue: rt.ds },
            { provide: UnitOfWork, useValue: new UnitOfWork(rt.ds, rt.relay) },
          ]
        : []),
    ];
    return { module: KitModule, global: true, providers, exports: providers.map((p) => p.provide) };
  }
}
