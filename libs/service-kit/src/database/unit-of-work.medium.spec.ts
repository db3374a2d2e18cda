import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type OutboxRow, writeOutbox } from '../outbox/event-writer.js';
import { outboxBacklog } from '../outbox/outbox.queries.js';
import type { OutboxRelay } from '../outbox/outbox-relay.js';
import { UnitOfWork } from './unit-of-work.js';

/** Medium: a unit of work hands its relay what its transaction entered in the outbox, only after it committed. */
describe('a unit of work and its relay, against a real schema', () => {
  let s: ServiceSchema;
  let kicks = 0;
  const handed: OutboxRow[] = [];
  let work: UnitOfWork;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-unit-of-work' });
    work = new UnitOfWork(s.ds, {
      publishCommitted: (rows: OutboxRow[]) => {
        kicks++;
        handed.push(...rows);
      },
    } as unknown as OutboxRelay);
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  it('hands over the events of a commit that recorded them, and nothing after one that recorded nothing or rolled back', async () => {
    await work.run((em) => em.query('SELECT 1'));
    expect(kicks).toBe(0);

    const id = randomUUID();
    await work.run((em) => writeOutbox(em, 'events.x', { id }));
    expect(kicks).toBe(1);
    expect(handed).toEqual([{ id, subject: 'events.x', envelope: { id } }]);
    expect((await outboxBacklog(s.ds)).pending).toBe(1);

    await expect(
      work.run(async (em) => {
        await writeOutbox(em, 'events.x', { id: randomUUID() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(kicks).toBe(1);
    expect((await outboxBacklog(s.ds)).pending).toBe(1);

    // The next transaction on the pool records nothing: no pass, though a connection may be the same.
    await work.run((em) => em.query('SELECT 1'));
    expect(kicks).toBe(1);
  });
});
