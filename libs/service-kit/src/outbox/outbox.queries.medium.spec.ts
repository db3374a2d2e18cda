import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { lockUnpublished, markPublished, outboxBacklog, outboxEventsByIds } from './outbox.queries.js';

/** Medium: the outbox relay's and read-back's statements on a real outbox_events table. */
describe('the outbox statements, against a real schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-outbox' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  const add = async (secondsAgo: number) => {
    const id = randomUUID();
    await s.ds.query(`INSERT INTO outbox_events (id, subject, envelope, created_at) VALUES ($1, 'events.x', $2, now() - make_interval(secs => $3))`, [
      id,
      JSON.stringify({ id, n: [1, 2] }),
      secondsAgo,
    ]);
    return id;
  };

  it('counts the backlog, locks the oldest unpublished rows skipping locked ones, and marks them published', async () => {
    expect(await outboxBacklog(s.ds)).toEqual({ pending: 0, oldest: 0 });
    const [old, mid, recent] = [await add(30), await add(20), await add(10)];
    const backlog = await outboxBacklog(s.ds);
    expect(backlog.pending).toBe(3);
    expect(backlog.oldest).toBeGreaterThanOrEqual(30);

    await s.ds.transaction(async (em) => {
      const first = await lockUnpublished(em, 2);
      expect(first).toEqual([
        { id: old, subject: 'events.x', envelope: { id: old, n: [1, 2] } },
        { id: mid, subject: 'events.x', envelope: { id: mid, n: [1, 2] } },
      ]);
      // Another relay's pass sees only the row this one did not lock.
      const other = await s.ds.transaction((em2) => lockUnpublished(em2, 10));
      expect(other.map((r) => r.id)).toEqual([recent]);
      expect(
        await markPublished(
          em,
          first.map((r) => r.id),
        ),
      ).toBe(2);
    });
    expect((await outboxBacklog(s.ds)).pending).toBe(1);
    expect(await markPublished(s.ds, [])).toBe(0);

    const found = await outboxEventsByIds(s.ds, [recent, old, randomUUID()]);
    expect(found.map((r) => r.id).sort()).toEqual([old, recent].sort());
    expect(found.find((r) => r.id === recent)?.envelope).toEqual({ id: recent, n: [1, 2] });
  });
});
