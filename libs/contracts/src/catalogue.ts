import type { Operation } from './operation.js';
import { applicationsOperations } from './operations/applications.operations.js';
import { identityOperations } from './operations/identity.operations.js';
import { jobsOperations } from './operations/jobs.operations.js';
import { memberLookupOperations } from './operations/member-lookup.operations.js';
import { notificationsOperations } from './operations/notifications.operations.js';

/** Every operation of the product. The gateway builds REST routes, MCP tools and OpenAPI from this alone. */
export const catalogue: readonly Operation[] = [
  ...identityOperations,
  ...jobsOperations,
  ...notificationsOperations,
  ...applicationsOperations,
  ...memberLookupOperations,
];

export function operationsOf(service: Operation['service']): Operation[] {
  return catalogue.filter((op) => op.service === service);
}
