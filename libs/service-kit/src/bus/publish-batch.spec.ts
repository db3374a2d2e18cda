import { setImmediate as nextTurn } from 'node:timers/promises';

import type { NatsConnection } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';

import { PublishBatch } from './publish-batch.js';

function fakeConnection(refuse?: string): { nc: NatsConnection; published: string[] } {
  const published: string[] = [];
  const nc = {
    publish: (subject: string) => {
      if (subject === refuse) throw new Error('connection draining');
      published.push(subject);
    },
  } as unknown as NatsConnection;
  return { nc, published };
}

describe('PublishBatch', () => {
  it('hands the publishes of one turn of the event loop to the connection together, in order, at its end', async () => {
    const { nc, published } = fakeConnection();
    const batch = new PublishBatch(nc);
    const sent: string[] = [];
    for (const subject of ['a', 'b', 'c']) batch.publish(subject, new Uint8Array(), undefined, () => sent.push(subject));
    expect(published).toEqual([]);
    await nextTurn();
    expect(published).toEqual(['a', 'b', 'c']);
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('tells each sender whether its message went out', async () => {
    const { nc, published } = fakeConnection('refused');
    const batch = new PublishBatch(nc);
    const outcomes: (string | undefined)[] = [];
    batch.publish('refused', new Uint8Array(), undefined, (err) => outcomes.push(err?.message));
    batch.publish('fine', new Uint8Array(), undefined, (err) => outcomes.push(err?.message));
    await nextTurn();
    expect(published).toEqual(['fine']);
    expect(outcomes).toEqual(['connection draining', undefined]);
  });
});
