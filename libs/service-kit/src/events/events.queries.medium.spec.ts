import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { markEventProcessed } from './events.queries.js';

/** Medium: the processed-event record a durable consumer writes before it applies an event. */
describe('the processed-event statement, against a real schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-events' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  it('records an event once per consumer, and commits or rolls back with the transaction', async () => {
    const id = randomUUID();
    expect(await markEventProcessed(s.ds, 'consumer-a', id)).toBe(true);
    expect(await markEventProcessed(s.ds, 'consumer-a', id)).toBe(false);
    expect(await markEventProcessed(s.ds, 'consumer-b', id)).toBe(true);
    const other = randomUUID();
    await expect(
      s.ds.transaction(async (em) => {
        expect(await markEventProcessed(em, 'consumer-a', other)).toBe(true);
        throw new Error('not applied');
      }),
    ).rejects.toThrow('not applied');
    const kept = (await s.ds.query('SELECT consumer, event_id FROM processed_events ORDER BY consumer')) as { consumer: string; event_id: string }[];
    expect(kept).toEqual([
      { consumer: 'consumer-a', event_id: id },
      { consumer: 'consumer-b', event_id: id },
    ]);
  });
});
