import type { QueueDefinition } from '@marketplace/contracts';
import type { Provider, Type } from '@nestjs/common';
import type { z } from 'zod';

import { workerSettings } from '../scope/kit-settings.js';
import { serviceEnv } from '../scope/service-scope.js';
import { settingsOf } from '../scope/settings.js';

export interface WorkContext {
  /** The work item's id (its outbox row id), stable across attempts: a key for idempotent side effects. */
  readonly id: string;
  /** 1 on the first delivery; a crash or a timeout uses up an attempt too. */
  readonly attempt: number;
  /** Aborted when the attempt times out or the worker stops before the job finishes; stop early, the item is retried. */
  readonly signal: AbortSignal;
  /**
   * Tells JetStream the job is still alive. The runner already beats on a timer while run() is
   * under way; call this between long synchronous steps that keep the timer from firing.
   */
  heartbeat(): void;
}

/** Runs the items of one queue. Delivery is at least once, so run() must be safe to repeat. */
export interface WorkHandler<P extends z.ZodType = z.ZodType> {
  readonly queue: QueueDefinition<P>;
  run(payload: z.output<P>, ctx: WorkContext): Promise<void>;
}

/**
 * Thrown by run() when an item is not due yet (a batch that waits out its window): the runner
 * hands it back to the queue for `delayMs` instead of counting a failure. The redelivery still
 * counts as a delivery, so a queue whose items defer leaves room for that in maxAttempts.
 */
export class DeferWork extends Error {
  constructor(readonly delayMs: number) {
    super(`deferred for ${delayMs} ms`);
  }
}

export const WORK_HANDLERS = Symbol('WORK_HANDLERS');

/** Registers a service's work handlers; the worker role derives the queues it may pull from them. */
export function workersProvider(...handlers: Type<WorkHandler<any>>[]): Provider {
  return { provide: WORK_HANDLERS, useFactory: (...instances: WorkHandler[]) => instances, inject: handlers };
}

/**
 * The handlers named in WORKER_QUEUES (all when unset). An unknown name refuses start-up, so a
 * typo in an operator's config never leaves a queue silently unserved.
 */
export function selectWorkHandlers(
  service: string,
  handlers: readonly WorkHandler[],
  workerQueues: readonly string[] = workerSettings().queues,
): WorkHandler[] {
  const known = new Map<string, WorkHandler[]>();
  const seen = new Set<string>();
  for (const handler of handlers) {
    const { queue } = handler;
    if (queue.service !== service) {
      throw new Error(`Queue ${queue.service}.${queue.name} belongs to ${queue.service}; ${service}'s workers pull only its own queues`);
    }
    if (seen.has(queue.subject)) throw new Error(`Two work handlers for ${queue.subject}`);
    seen.add(queue.subject);
    known.set(queue.name, [...(known.get(queue.name) ?? []), handler]);
  }
  const requested = workerQueues;
  const unknown = requested.filter((name) => !known.has(name));
  if (unknown.length) {
    const names = [...known.keys()];
    throw new Error(`WORKER_QUEUES names unknown queue(s) of ${service}: ${unknown.join(', ')}. Known: ${names.length ? names.join(', ') : 'none'}`);
  }
  return requested.length ? [...new Set(requested)].flatMap((name) => known.get(name) ?? []) : [...handlers];
}

/** WORKER_CONCURRENCY_<QUEUE> wins over WORKER_CONCURRENCY, which wins over the queue's declaration. */
export function workConcurrency(queue: QueueDefinition, env: NodeJS.ProcessEnv = serviceEnv()): number {
  const perQueue = `WORKER_CONCURRENCY_${queue.name.toUpperCase().replace(/-/g, '_')}`;
  const settings = settingsOf(env);
  // Per-queue names follow the queues, so they are read by the one reader rather than declared one by one.
  return settings.int(perQueue, undefined, { min: 1 }) ?? workerSettings.read(env).concurrency ?? queue.concurrency;
}
