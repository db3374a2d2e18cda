import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@marketplace/contracts';
import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';

import { streamReplicas } from '../bus/stream-replicas.js';

const WEEK_NS = 7 * 24 * 3600 * 1e9;
const DEDUPE_WINDOW_NS = 10 * 60 * 1e9;

/** Creates the events stream if it is missing; every service calls this, first one wins. */
export async function ensureEventStream(nc: NatsConnection): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(EVENTS_STREAM);
  } catch {
    try {
      await jsm.streams.add({
        name: EVENTS_STREAM,
        subjects: [`${EVENTS_SUBJECT_PREFIX}.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: WEEK_NS,
        duplicate_window: DEDUPE_WINDOW_NS,
        num_replicas: streamReplicas(),
      });
    } catch (err) {
      // Another service created it between our look-up and our add.
      await jsm.streams.info(EVENTS_STREAM).catch(() => {
        throw err;
      });
    }
  }
}
