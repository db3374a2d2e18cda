import { workStreamName, workStreamSubjects } from '@marketplace/contracts';
import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';

import { streamReplicas } from '../bus/stream-replicas.js';

/** Long enough that the relay re-publishing a row after a crash is still recognised as a duplicate. */
const DEDUPE_WINDOW_NS = 10 * 60 * 1e9;

/**
 * Creates a service's work stream if it is missing. WorkQueue retention removes an item once a
 * worker acknowledges it; file storage keeps the queue across NATS restarts.
 */
export async function ensureWorkStream(nc: NatsConnection, service: string): Promise<string> {
  const name = workStreamName(service);
  const jsm = await jetstreamManager(nc);
  const existing = await jsm.streams.info(name).catch(() => undefined);
  if (existing) {
    // Retention cannot be changed in place; a stream made for something else must not take our items.
    if (existing.config.retention !== RetentionPolicy.Workqueue) {
      throw new Error(`Stream ${name} exists without WorkQueue retention; remove it so the work queue can be created`);
    }
    return name;
  }
  try {
    await jsm.streams.add({
      name,
      subjects: [workStreamSubjects(service)],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      duplicate_window: DEDUPE_WINDOW_NS,
      num_replicas: streamReplicas(),
    });
  } catch (err) {
    // Another replica (or the relay and a worker) created it between our look-up and our add.
    await jsm.streams.info(name).catch(() => {
      throw err;
    });
  }
  return name;
}
