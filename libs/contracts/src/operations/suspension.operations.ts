import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, text } from '../schemas/common.schema.js';
import { nextOffsetSchema, reportPageInput } from './help.operations.js';

/**
 * Suspension (issue 55): staff suspend a member with a recorded reason. Identity owns the member's
 * standing: it ends their sessions, API keys and agent grants at once and carries the reason on
 * every later caller, so each service refuses the member's writes (guardStanding) while reads,
 * sign-in and the appeal (help topic `appeal`) still work. Jobs hides their open jobs from the
 * board until staff lift the suspension; admin records both actions in the audit log. REST and the
 * staff console only: no MCP tools.
 */

export const suspensionSchema = z
  .object({
    memberId: z.string(),
    memberName: z.string(),
    suspended: z.boolean().describe('False once the suspension is lifted'),
    reason: z.string().nullable().describe('Why staff suspended the member; shown to the member'),
    suspendedAt: dateTimeSchema.nullable(),
    suspendedBy: z.string().nullable().describe('The staff member who suspended'),
  })
  .describe("A member's suspension, for staff");

const memberId = idSchema.describe('The member');

export const suspendMember = defineOperation({
  name: 'suspendMember',
  service: 'identity',
  summary: 'Suspend a member with a reason: their access ends at once and writing is refused until lifted (staff)',
  access: 'staff',
  scope: 'agent:write',
  input: z.object({
    id: memberId,
    reason: text(1000).describe('Shown to the member and recorded in the audit log'),
  }),
  output: suspensionSchema,
  rest: { method: 'POST', path: '/api/admin/members/{id}/suspension', status: 200 },
});

export const liftSuspension = defineOperation({
  name: 'liftSuspension',
  service: 'identity',
  summary: "Lift a member's suspension: writing works again and their open jobs return to the board (staff)",
  access: 'staff',
  scope: 'agent:write',
  input: z.object({
    id: memberId,
    reason: text(1000).optional().describe('Recorded in the audit log'),
  }),
  output: suspensionSchema,
  rest: { method: 'POST', path: '/api/admin/members/{id}/suspension/lift', status: 200 },
});

export const listSuspensions = defineOperation({
  name: 'listSuspensions',
  service: 'identity',
  summary: 'Suspended members, most recent first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: z.object({ ...reportPageInput }),
  output: z.object({ suspensions: z.array(suspensionSchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/suspensions', status: 200 },
});

export const suspensionOperations = [suspendMember, liftSuspension, listSuspensions] as const;
