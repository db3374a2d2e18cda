import type { DataSource, EntityManager } from 'typeorm';

import type { OutboxRelay } from '../outbox/outbox-relay.js';

/** A transaction whose recorded events are handed to the relay as soon as it commits. */
export class UnitOfWork {
  constructor(
    private readonly ds: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  async run<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.ds.transaction(work);
    this.relay.kick();
    return result;
  }
}
