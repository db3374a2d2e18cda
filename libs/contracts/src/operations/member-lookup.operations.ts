import { z } from 'zod';

import { defineOperation } from '../operation.js';

/**
 * Resolves what a poster typed to name a member (member id, exact name or email) to member ids.
 * Service-to-service only: the answer must never reach a caller, because it would reveal whether
 * an email has an account. An unknown or ambiguous entry resolves to null.
 */
export const resolveMemberReferences = defineOperation({
  name: 'resolveMemberReferences',
  service: 'identity',
  summary: 'Resolve member ids, exact names or emails to member ids (service-to-service)',
  access: 'internal',
  callers: ['jobs'],
  input: z.object({ references: z.array(z.string().trim().min(1).max(254)).max(20) }),
  output: z.object({
    members: z.array(z.object({ reference: z.string(), memberId: z.string().nullable() })),
  }),
});

/**
 * Where to email a member alerts: their address while the account exists and the address is
 * verified (null otherwise). Only notifications asks; the address never leaves the services.
 */
export const getMemberContact = defineOperation({
  name: 'getMemberContact',
  service: 'identity',
  summary: "A member's verified email address and name for alert emails (service-to-service)",
  access: 'internal',
  callers: ['notifications', 'drafts'],
  input: z.object({ memberId: z.string().trim().min(1).max(100) }),
  output: z.object({ email: z.string().nullable(), name: z.string().nullable() }),
});

/**
 * Who sent what staff read (help requests): each member's name and account address, verified or
 * not, so staff can answer by email. Only admin asks, for its staff lists; a member gone reads null.
 */
export const getSenderContacts = defineOperation({
  name: 'getSenderContacts',
  service: 'identity',
  summary: "Members' names and email addresses for staff lists (service-to-service)",
  access: 'internal',
  callers: ['admin'],
  input: z.object({ memberIds: z.array(z.string().trim().min(1).max(100)).max(100) }),
  output: z.object({
    members: z.array(z.object({ memberId: z.string(), name: z.string().nullable(), email: z.string().nullable() })),
  }),
});

export const memberLookupOperations = [resolveMemberReferences, getMemberContact, getSenderContacts] as const;
