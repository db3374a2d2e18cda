import type { z } from 'zod';

import type { ServiceName } from '../operation.js';

/** Work subjects live apart from `events.>`: a work item is taken by one worker, an event by every consumer. */
export const WORK_SUBJECT_PREFIX = 'work';

/** Names become subject tokens, durable consumer names and env var suffixes, so they stay plain. */
const NAME = /^[a-z][a-z0-9-]*$/;

export interface QueueOptions {
  /**
   * Seconds without a heartbeat before JetStream hands an item to another worker. The runner
   * beats while a job runs, so this stays short and a crashed worker's item comes back soon.
   */
  ackWaitSeconds?: number;
  /** Attempts before an item is recorded as failed for good (a crash or a timeout counts). */
  maxAttempts?: number;
  /** Items one worker process runs at once; WORKER_CONCURRENCY(_<QUEUE>) overrides it. */
  concurrency?: number;
  /** Delay before the first retry, doubled per retry up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** An attempt still running after this long is aborted and counts as failed, so a hung job cannot hold its item forever. */
  timeoutSeconds?: number;
}

/** A background job kind: declared once here, enqueued by its service, pulled by that service's workers. */
export interface QueueDefinition<P extends z.ZodType = z.ZodType> extends Readonly<Required<QueueOptions>> {
  readonly service: ServiceName;
  readonly name: string;
  readonly version: number;
  readonly subject: string;
  readonly payload: P;
}

/** What travels on the work stream; `id` is the outbox row's id and the JetStream message id. */
export interface WorkEnvelope<P = unknown> {
  id: string;
  service: ServiceName;
  queue: string;
  version: number;
  enqueuedAt: string;
  payload: P;
}

const DEFAULTS: Required<QueueOptions> = {
  ackWaitSeconds: 30,
  maxAttempts: 5,
  concurrency: 1,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  timeoutSeconds: 900,
};

export function defineQueue<P extends z.ZodType>(
  service: ServiceName,
  name: string,
  version: number,
  payload: P,
  options: QueueOptions = {},
): QueueDefinition<P> {
  if (!NAME.test(service) || !NAME.test(name)) throw new Error(`Queue names are lower-case words and dashes: ${service}.${name}`);
  if (!Number.isInteger(version) || version < 1) throw new Error(`Queue ${service}.${name}: version must be a positive integer`);
  const settings = { ...DEFAULTS, ...options };
  for (const [key, value] of Object.entries(settings)) {
    if (!(value > 0)) throw new Error(`Queue ${service}.${name}: ${key} must be positive`);
  }
  if (!Number.isInteger(settings.maxAttempts) || !Number.isInteger(settings.concurrency)) {
    throw new Error(`Queue ${service}.${name}: maxAttempts and concurrency must be whole numbers`);
  }
  return { ...settings, service, name, version, payload, subject: `${WORK_SUBJECT_PREFIX}.${service}.${name}.v${version}` };
}

/** One stream per service, so a service's queues survive restarts and are scaled and retained together. */
export function workStreamName(service: string): string {
  return `WORK_${service.toUpperCase().replace(/-/g, '_')}`;
}

export function workStreamSubjects(service: string): string {
  return `${WORK_SUBJECT_PREFIX}.${service}.>`;
}

/** The service whose work stream a subject belongs to, or undefined when it is not a work subject. */
export function workServiceOf(subject: string): string | undefined {
  const [prefix, service] = subject.split('.', 3);
  return prefix === WORK_SUBJECT_PREFIX && service ? service : undefined;
}
