import * as adminEvents from './admin.events.js';
import * as applicationsEvents from './applications.events.js';
import type { EventDefinition } from './event.js';
import * as filesEvents from './files.events.js';
import * as identityEvents from './identity.events.js';
import * as jobsEvents from './jobs.events.js';
import * as notificationsEvents from './notifications.events.js';
import * as teamEvents from './team.events.js';

function isEventDefinition(value: unknown): value is EventDefinition {
  return typeof value === 'object' && value !== null && 'subject' in value && 'producer' in value && 'payload' in value;
}

/** Every domain event; a new events file is added here, and its producer's bus user may then publish it. */
export const eventCatalogue: readonly EventDefinition[] = [
  adminEvents,
  applicationsEvents,
  filesEvents,
  identityEvents,
  jobsEvents,
  notificationsEvents,
  teamEvents,
]
  .flatMap((module) => Object.values(module))
  .filter(isEventDefinition);

/** Events after which the gateway's shared cache of anonymous public pages is dropped. */
export const publicPageEvents: readonly EventDefinition[] = eventCatalogue.filter((e) => e.changesPublicPages);
