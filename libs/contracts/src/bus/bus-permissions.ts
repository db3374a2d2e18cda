import { catalogue } from '../catalogue.js';
import { EVENTS_STREAM } from '../events/event.js';
import { eventCatalogue, publicPageEvents } from '../events/event-catalogue.js';
import { agentAlertsWaitingV1 } from '../events/notifications.events.js';
import { SETTINGS_CHANGED_SUBJECT } from '../operations/admission.operations.js';
import type { BusPrincipal, ServiceName } from '../operation.js';
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

function jetStreamAccess(stream: string): string[] {
  return [
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.INFO.${stream}.>`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
    `$JS.ACK.${stream}.>`,
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
    return { publish: [...new Set([...calls, ...health])].sort(), subscribe: [inbox, SETTINGS_CHANGED_SUBJECT, ...heard], allowResponses: false };
  }
  const events = eventCatalogue.filter((e) => e.producer === principal).map((e) => e.subject);
  const publish = [
    ...calls, ...events, workStreamSubjects(principal),
    '$JS.API.INFO', ...jetStreamAccess(EVENTS_STREAM), ...jetStreamAccess(workStreamName(principal)),
    ...(principal === 'identity' ? [SETTINGS_CHANGED_SUBJECT] : []),
  ];
  return {
    publish: [...new Set(publish)].sort(),
    subscribe: [`${principal}.v1.>`, inbox, SETTINGS_CHANGED_SUBJECT],
    allowResponses: true,
  };
}
