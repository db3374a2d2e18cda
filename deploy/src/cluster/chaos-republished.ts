import { jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@marketplace/contracts';
import { connectAs } from '@marketplace/testing';

/** What the outbox read-back published again during a run, found in the events stream itself (a restarted process's counters start at zero). */
export interface Republished {
  /** Copies stored under a read-back's message id (`<event id>:r<n>`). */
  copies: number;
  events: string[];
}

/**
 * Reads the events stream from its leader, message by message, for the copies the outbox relays
 * published again after a read-back found an acknowledged event missing (nats-server before 2.11).
 */
export async function findRepublished(natsUrl: string): Promise<Republished> {
  const nc = await connectAs(natsUrl, 'operator', 'marketplace-chaos-check');
  try {
    const jsm = await jetstreamManager(nc);
    const { state } = await jsm.streams.info(EVENTS_STREAM);
    const events = new Set<string>();
    let copies = 0;
    for (let from = state.first_seq; from <= state.last_seq; from += 100) {
      const seqs = Array.from({ length: Math.min(100, state.last_seq - from + 1) }, (_, i) => from + i);
      const ids = await Promise.all(seqs.map((seq) => jsm.streams.getMessage(EVENTS_STREAM, { seq }).then((m) => m?.header?.get('Nats-Msg-Id') ?? '')));
      for (const id of ids) {
        const copy = /^(.+):r\d+$/.exec(id);
        if (!copy) continue;
        copies++;
        events.add(copy[1]!);
      }
    }
    return { copies, events: [...events] };
  } finally {
    await nc.close();
  }
}
