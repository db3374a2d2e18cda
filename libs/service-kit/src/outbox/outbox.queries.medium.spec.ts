import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { anyUnpublished, claimUnpublished, outboxBacklog, outboxEventsByIds } from './outbox.queries.js';

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

  it('counts the backlog, claims the oldest unpublished rows oldest first skipping locked ones, and undoes a claim that rolls back', async () => {
    expect(await outboxBacklog(s.ds)).toEqual({ pending: 0, oldest: 0 });
    expect(await anyUnpublished(s.ds)).toBe(false);
    const [old, mid, recent] = [await add(30), await add(20), await add(10)];
    expect(await anyUnpublished(s.ds)).toBe(true);
    // What the caller publishes itself is left out of both.
    expect(await anyUnpublished(s.ds, [old, mid, recent])).toBe(false);
    expect(await s.ds.transaction((em) => claimUnpublished(em, 10, [old, recent]))).toEqual([
      { id: mid, subject: 'events.x', envelope: { id: mid, n: [1, 2] } },
    ]);
    await s.ds.query('UPDATE outbox_events SET published_at = NULL WHERE id = $1', [mid]);
    const backlog = await outboxBacklog(s.ds);
    expect(backlog.pending).toBe(3);
    expect(backlog.oldest).toBeGreaterThanOrEqual(30);

    // A pass whose publishes fail: its claim is undone with the transaction.
    await expect(
      s.ds.transaction(async (em) => {
        expect((await claimUnpublished(em, 10)).map((r) => r.id)).toEqual([old, mid, recent]);
        throw new Error('publish failed');
      }),
    ).rejects.toThrow('publish failed');
    expect((await outboxBacklog(s.ds)).pending).toBe(3);

    await s.ds.transaction(async (em) => {
      const first = await claimUnpublished(em, 2);
      expect(first).toEqual([
        { id: old, subject: 'events.x', envelope: { id: old, n: [1, 2] } },
        { id: mid, subject: 'events.x', envelope: { id: mid, n: [1, 2] } },
      ]);
      // Another relay's pass sees only the row this one did not claim, and may leave it.
      await expect(
        s.ds.transaction(async (em2) => {
          expect((await claimUnpublished(em2, 10)).map((r) => r.id)).toEqual([recent]);
          throw new Error('left');
        }),
      ).rejects.toThrow('left');
    });
    expect((await outboxBacklog(s.ds)).pending).toBe(1);
    expect(await s.ds.transaction((em) => claimUnpublished(em, 10))).toEqual([{ id: recent, subject: 'events.x', envelope: { id: recent, n: [1, 2] } }]);
    expect(await s.ds.transaction((em) => claimUnpublished(em, 10))).toEqual([]);
    expect(await anyUnpublished(s.ds)).toBe(false);

    const found = await outboxEventsByIds(s.ds, [recent, old, randomUUID()]);
    expect(found.map((r) => r.id).sort()).toEqual([old, recent].sort());
    expect(found.find((r) => r.id === recent)?.envelope).toEqual({ id: recent, n: [1, 2] });
  });
});
