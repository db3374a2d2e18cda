import type { NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy, jetstream, jetstreamManager, RetentionPolicy, StorageType, type ConsumerMessages,
} from '@nats-io/jetstream';
import { decodeJson } from '../bus/codec.js';
import type { Logger } from '../logging/logger.js';

/** A background job kind that a worker process pulls; the queue survives restarts. */
export interface WorkerDefinition<T = unknown> {
  /** How long one job may run before it is handed to another worker. */
  ackWaitSeconds: number;
  run(job: T): Promise<void>;
}

export function workStreamName(service: string): string {
  return `WORK_${service.toUpperCase()}`;
}

export function workSubject(service: string, queue: string): string {
  return `work.${service}.${queue}`;
}

/**
 * Starts the queues named in WORKER_QUEUES (all of them when unset). An unknown name stops the
 * process at start-up, so a typo in an operator's config never leaves a queue silently unserved.
 */
export async function startWorkers(
  nc: NatsConnection, service: string, active: Record<string, WorkerDefinition>, logger: Logger,
): Promise<() => Promise<void>> {
  const requested = (process.env.WORKER_QUEUES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = requested.filter((q) => !(q in active));
  if (unknown.length) {
    throw new Error(`Unknown worker queue(s) for ${service}: ${unknown.join(', ')}. Known: ${Object.keys(active).join(', ')}`);
  }
  const queues = requested.length ? requested : Object.keys(active);
  const jsm = await jetstreamManager(nc);
  const stream = workStreamName(service);
  await jsm.streams.info(stream).catch(() =>
    jsm.streams.add({
      name: stream, subjects: [`work.${service}.>`], retention: RetentionPolicy.Workqueue, storage: StorageType.File,
    }));
  const js = jetstream(nc);
  const running: ConsumerMessages[] = [];
  for (const queue of queues) {
    const def = active[queue]!;
    await jsm.consumers.add(stream, {
      durable_name: queue, filter_subject: workSubject(service, queue), ack_policy: AckPolicy.Explicit,
      ack_wait: def.ackWaitSeconds * 1e9, max_deliver: 5,
    }).catch(() => undefined);
    const messages = await (await js.consumers.get(stream, queue)).consume({ max_messages: 4 });
    running.push(messages);
    void (async () => {
      for await (const msg of messages) {
        try {
          await def.run(decodeJson(msg.data));
          msg.ack();
        } catch (err) {
          logger.warn({ err, queue }, 'work item failed; it will be retried');
          msg.nak(5000);
        }
      }
    })();
  }
  logger.info({ queues }, 'worker pulling queues');
  return async () => { for (const m of running) await m.close().catch(() => undefined); };
}
