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

export const memberLookupOperations = [resolveMemberReferences] as const;
