import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { idSchema, oneLine } from '../schemas/common.schema.js';
import { memberCardSchema } from '../schemas/member.schema.js';

/** A resolved caller as identity answers it to the gateway (API key, session or OAuth token). */
export const callerSchema = z.object({
  memberId: z.string(),
  via: z.enum(['key', 'session', 'oauth']),
  credential: z.enum(['team', 'candidate']).optional(),
  clientId: z.string().optional(),
  scopes: z.array(z.string()),
  staff: z.boolean(),
  emailVerified: z.boolean(),
  signUpPending: z.boolean().optional(),
  admitted: z.boolean().optional(),
  suspended: z.string().optional(),
});

/**
 * What is left of the credential's per-minute request budget after this request, for the
 * RateLimit and RateLimit-Policy headers (IETF httpapi draft); never part of the caller itself.
 */
export const requestBudgetSchema = z.object({
  policy: z.string(),
  limit: z.number().int(),
  remaining: z.number().int(),
  resetSeconds: z.number().int(),
  windowSeconds: z.number().int(),
});
export type RequestBudget = z.infer<typeof requestBudgetSchema>;

const emailSchema = z
  .email('Must be an email address.')
  .max(254)
  .transform((s) => s.toLowerCase());

/** Resolves an API key to its member and counts the request against the key's per-minute limit. */
export const authenticateKey = defineOperation({
  name: 'authenticateKey',
  service: 'identity',
  summary: 'Resolve an API key (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ key: z.string().min(1).max(200) }),
  output: callerSchema.extend({ budget: requestBudgetSchema.optional() }),
});

export const getMemberCard = defineOperation({
  name: 'getMemberCard',
  service: 'identity',
  summary: 'A member as other services need them (service-to-service)',
  access: 'internal',
  callers: ['gateway', 'jobs'],
  input: z.object({ memberId: idSchema }),
  output: memberCardSchema,
});

export const operatorCreateMember = defineOperation({
  name: 'operatorCreateMember',
  service: 'identity',
  summary: 'Create a member with a verified email (operator command line)',
  access: 'internal',
  callers: ['operator'],
  input: z.object({
    email: emailSchema,
    name: oneLine(120),
    completeProfile: z.boolean().default(false),
    staff: z.boolean().default(false),
  }),
  output: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    staff: z.boolean(),
    emailVerified: z.boolean(),
    missing: z.array(z.string()),
    createdAt: z.string(),
  }),
});

export const operatorCreateApiKey = defineOperation({
  name: 'operatorCreateApiKey',
  service: 'identity',
  summary: 'Create an API key for a member (operator command line); the key is shown once',
  access: 'internal',
  callers: ['operator'],
  input: z.object({
    email: emailSchema,
    name: z.string().trim().max(120).default('Operator key'),
    kind: z.enum(['member', 'team', 'candidate']).optional().describe('member (default); team keys need the member to be on a team'),
  }),
  output: z.object({ id: z.string(), key: z.string(), prefix: z.string(), memberId: z.string(), createdAt: z.string() }),
});

export const identityOperations = [authenticateKey, getMemberCard, operatorCreateMember, operatorCreateApiKey] as const;
