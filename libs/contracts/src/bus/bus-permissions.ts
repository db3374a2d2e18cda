import { catalogue } from '../catalogue.js';
import { EVENTS_STREAM } from '../events/event.js';
import { eventCatalogue, publicPageEvents } from '../events/event-catalogue.js';
import { eventDurables } from '../events/event-consumers.js';
import { agentAlertsWaitingV1 } from '../events/notifications.events.js';
import type { BusPrincipal, ServiceName } from '../operation.js';
import { SETTINGS_CHANGED_SUBJECT } from '../operations/admission.operations.js';
import { workStreamName, workStreamSubjects } from '../queues/queue.js';

export const BUS_SERVICES: readonly ServiceName[] = ['identity', 'jobs', 'applications', 'files', 'drafts', 'notifications', 'admin'];
export const BUS_PRINCIPALS: readonly BusPrincipal[] = [...BUS_SERVICES, 'gateway', 'operator'];

/** What one NATS user may publish and subscribe to; everything else is refused by the server. */
export interface BusPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer requests it received (services only). */
  allowResponses: boolean;
}

/** Replies come back under the principal's own inbox prefix, which nobody else may read. */
export function principalInbox(principal: BusPrincipal): string {
  return `_INBOX.${principal}`;
}

/** Making sure the stream exists (every process that uses it does so at start). */
function streamAccess(stream: string): string[] {
  return [`$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.CREATE.${stream}`];
}

/** A service's own work stream: every consumer on it is the service's. */
function ownStreamConsumers(stream: string): string[] {
  return [
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.INFO.${stream}.>`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
    `$JS.ACK.${stream}.>`,
  ];
}

/**
 * One durable consumer on a shared stream: create it (with or without a filter subject in the
 * API subject), read its info, pull from it and acknowledge what it delivered. Nothing else on the
 * stream, so a service cannot pull or acknowledge another service's durable.
 */
export function durableAccess(stream: string, durable: string): string[] {
  return [
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ];
}

/**
 * Derived from the catalogue alone: a service serves its own subjects and calls only the internal
 * operations that name it; only the gateway and the operator tool call public operations; only a
 * service publishes its own events and work items.
 */
export function busPermissions(principal: BusPrincipal): BusPermissions {
  const inbox = `${principalInbox(principal)}.>`;
  const calls = catalogue
    .filter((op) => (op.access === 'internal' ? op.callers?.includes(principal) : principal === 'gateway' || principal === 'operator'))
    .map((op) => op.subject);
  if (principal === 'gateway' || principal === 'operator') {
    const health = principal === 'gateway' ? BUS_SERVICES.map((s) => `${s}.v1.health`) : [];
    // The gateway hears public-page events as they are published (core NATS, no consumer), to drop its shared page cache.
    // and that alerts wait for a member's agent, to carry them on that member's next MCP tool result.
    const heard = principal === 'gateway' ? [...publicPageEvents.map((e) => e.subject), agentAlertsWaitingV1.subject] : [];
    // The operator may look at the events stream (its state and single messages), never at a consumer.
    const inspect = principal === 'operator' ? ['$JS.API.INFO', `$JS.API.STREAM.INFO.${EVENTS_STREAM}`, `$JS.API.STREAM.MSG.GET.${EVENTS_STREAM}`] : [];
    return { publish: [...new Set([...calls, ...health, ...inspect])].sort(), subscribe: [inbox, SETTINGS_CHANGED_SUBJECT, ...heard], allowResponses: false };
  }
  const events = eventCatalogue.filter((e) => e.producer === principal).map((e) => e.subject);
  const publish = [
    ...calls,
    ...events,
    workStreamSubjects(principal),
    '$JS.API.INFO',
    ...streamAccess(EVENTS_STREAM),
    ...eventDurables(principal).flatMap((d) => durableAccess(EVENTS_STREAM, d)),
    // The outbox relay reads its published events back by sequence (outbox-read-back.ts in the kit).
    `$JS.API.STREAM.MSG.GET.${EVENTS_STREAM}`,
    ...streamAccess(workStreamName(principal)),
    ...ownStreamConsumers(workStreamName(principal)),
    ...(principal === 'identity' ? [SETTINGS_CHANGED_SUBJECT] : []),
  ];
  return {
    publish: [...new Set(publish)].sort(),
    subscribe: [`${principal}.v1.>`, inbox, SETTINGS_CHANGED_SUBJECT],
    allowResponses: true,
  };
}
