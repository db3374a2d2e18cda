import type { DataSource, EntityManager } from 'typeorm';

import { type OutboxRow, recordingEvents } from '../outbox/event-writer.js';
import type { OutboxRelay } from '../outbox/outbox-relay.js';

/** A transaction whose recorded events are handed to the relay as soon as it commits. */
export class UnitOfWork {
  constructor(
    private readonly ds: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  async run<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    let recorded: OutboxRow[] = [];
    const result = await this.ds.transaction(async (em) => {
      const done = await recordingEvents(em, () => work(em));
      recorded = done.recorded;
      return done.result;
    });
    if (recorded.length > 0) this.relay.publishCommitted(recorded);
    return result;
  }
}
