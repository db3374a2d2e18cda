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

  it('writes the events one transaction recorded in one statement, in order, before it commits', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const seen = await work.run(async (em) => {
      for (const [i, id] of ids.entries()) {
        const envelope: { id: string; n: number } = { id, n: i };
        await writeOutbox(em, `events.${i}`, envelope);
      }
      // Held until the work is done: nothing of them is in the table yet, even to the transaction itself.
      return ((await em.query('SELECT count(*)::int AS n FROM outbox_events WHERE id = ANY($1::uuid[])', [ids])) as [{ n: number }])[0].n;
    });
    expect(seen).toBe(0);
    expect(handed.slice(-3)).toEqual(ids.map((id, i) => ({ id, subject: `events.${i}`, envelope: { id, n: i } })));
    // One statement: every row carries the same command id within its transaction.
    const stored = (await s.ds.query('SELECT id, subject, envelope, cmin::text AS cmin FROM outbox_events WHERE id = ANY($1::uuid[])', [ids])) as {
      id: string;
      subject: string;
      envelope: unknown;
      cmin: string;
    }[];
    expect(stored.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(new Set(stored.map((r) => r.cmin)).size).toBe(1);
    expect(stored.find((r) => r.id === ids[2])).toMatchObject({ subject: 'events.2', envelope: { id: ids[2], n: 2 } });
  });

  it('writes nothing and hands nothing over when the statement that writes them fails', async () => {
    const taken = randomUUID();
    await work.run((em) => writeOutbox(em, 'events.x', { id: taken }));
    const kicked = kicks;
    const fresh = randomUUID();
    // The second row's id is taken: the one statement fails, and the transaction with it.
    await expect(
      work.run(async (em) => {
        await writeOutbox(em, 'events.y', { id: fresh });
        await writeOutbox(em, 'events.y', { id: taken });
      }),
    ).rejects.toThrow();
    expect(kicks).toBe(kicked);
    expect((await s.ds.query('SELECT count(*)::int AS n FROM outbox_events WHERE id = $1', [fresh])) as [{ n: number }]).toEqual([{ n: 0 }]);
  });

  it('writes at once outside a unit of work, where nobody would write them at the commit', async () => {
    const id = randomUUID();
    await s.ds.transaction(async (em) => {
      await writeOutbox(em, 'events.z', { id });
      const [row] = (await em.query('SELECT count(*)::int AS n FROM outbox_events WHERE id = $1', [id])) as [{ n: number }];
      expect(row.n).toBe(1);
    });
  });
});
