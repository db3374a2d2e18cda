import { EVENTS_STREAM } from '@marketplace/contracts';
import { connectAs } from '@marketplace/testing';
import { jetstreamManager } from '@nats-io/jetstream';

/** What the outbox relays published again during a run, found in the events stream itself (a restarted process's counters start at zero). */
export interface Republished {
  /** Events a read-back found missing and published again (message id `<event id>:r<n>`): what the stream lost. */
  missing: string[];
  /** Events published again as a precaution at a leader change of the stream (`<event id>:c<n>`). */
  atLeaderChange: string[];
}

/**
 * Reads the events stream from its leader, message by message, for the copies the outbox relays
 * published again (nats-server before 2.11 can lose an acknowledged message at a leader change).
 */
export async function findRepublished(natsUrl: string): Promise<Republished> {
  const nc = await connectAs(natsUrl, 'operator', 'marketplace-chaos-check');
  try {
    const jsm = await jetstreamManager(nc);
    const { state } = await jsm.streams.info(EVENTS_STREAM);
    const missing = new Set<string>();
    const atLeaderChange = new Set<string>();
    for (let from = state.first_seq; from <= state.last_seq; from += 100) {
      const seqs = Array.from({ length: Math.min(100, state.last_seq - from + 1) }, (_, i) => from + i);
      const ids = await Promise.all(seqs.map((seq) => jsm.streams.getMessage(EVENTS_STREAM, { seq }).then((m) => m?.header?.get('Nats-Msg-Id') ?? '')));
      for (const id of ids) {
        const copy = /^(.+):([rc])\d+$/.exec(id);
        if (copy) (copy[2] === 'r' ? missing : atLeaderChange).add(copy[1]!);
      }
    }
    return { missing: [...missing], atLeaderChange: [...atLeaderChange] };
  } finally {
    await nc.close();
  }
}

/**
 * The relays' read-back counts (`outbox_readbacks_total`) summed over every service and worker by
 * outcome: what the processes counted since they last started, so a lower bound for the run.
 */
export async function readBackCounts(metricsUrls: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await Promise.all(
    metricsUrls.map(async (url) => {
      const text = await fetch(url, { signal: AbortSignal.timeout(5000) })
        .then((r) => r.text())
        .catch(() => '');
      // The service's default labels (service, role) stand beside the outcome.
      for (const m of text.matchAll(/^outbox_readbacks_total\{([^}]*)\} (\d+)/gm)) {
        const outcome = /outcome="(\w+)"/.exec(m[1]!)?.[1];
        if (outcome) counts[outcome] = (counts[outcome] ?? 0) + Number(m[2]);
      }
    }),
  );
  return counts;
}

interface Jsz {
  account_details?: Array<{ stream_detail?: Array<{ name: string; state?: { messages: number; last_seq: number } }> }>;
}

/**
 * What each server's replica of the events stream holds, from its monitoring port: replicas that
 * disagree show a server that lost messages (what the outbox relays' read-back defends against).
 */
export async function eventsReplicas(monitors: ReadonlyArray<{ name: string; url: string }>): Promise<string> {
  const states = await Promise.all(
    monitors.map(async ({ name, url }) => {
      const jsz = await fetch(`${url}/jsz?accounts=true&streams=true`, { signal: AbortSignal.timeout(5000) })
        .then((r) => r.json() as Promise<Jsz>)
        .catch(() => undefined);
      const state = jsz?.account_details?.flatMap((a) => a.stream_detail ?? []).find((s) => s.name === EVENTS_STREAM)?.state;
      return `${name} ${state ? `${state.messages} messages, last sequence ${state.last_seq}` : 'unknown'}`;
    }),
  );
  return states.join('; ');
}
