import type { z } from 'zod';

import type { ServiceName } from '../operation.js';

/** JetStream stream that carries every domain event. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events';

export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  type: string;
  version: number;
  producer: ServiceName;
  subject: string;
  payload: P;
  /**
   * The event may change what anonymous readers see on public pages (the board, a job, the
   * posters): the gateway drops its shared cache of those pages when it hears one.
   */
  changesPublicPages?: boolean;
}

/** What travels on the stream; `id` lets every consumer process an event exactly once. */
export interface EventEnvelope<P = unknown> {
  id: string;
  type: string;
  version: number;
  producer: ServiceName;
  occurredAt: string;
  payload: P;
}

export function defineEvent<P extends z.ZodType>(
  type: string,
  version: number,
  producer: ServiceName,
  payload: P,
  options: { changesPublicPages?: boolean } = {},
): EventDefinition<P> {
  return { type, version, producer, payload, subject: `${EVENTS_SUBJECT_PREFIX}.${type}.v${version}`, ...options };
}
