import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { IDENTITY_CHECK_STATES } from '../schemas/profile.schema.js';

/**
 * Identity verification at sign-up (contract: "Me", "Named without a shown shape"). Off by
 * default (`Me.identityVerificationEnabled` false), and then this answers 409 like the other
 * sign-up steps. When on, it opens a check with the configured provider, which reports the
 * outcome back (verified moves sign-up on to the work step).
 */
export const startIdentityCheck = defineOperation({
  name: 'startIdentityCheck',
  service: 'identity',
  summary: 'Sign-up step 2: start identity verification with the provider',
  access: 'signUp',
  scope: 'agent:write',
  input: z.object({}),
  output: z.object({
    identity: z.enum(IDENTITY_CHECK_STATES).describe('started once the provider opened the check'),
    verificationUrl: z.string().describe('Where the member completes the check with the provider'),
  }),
  rest: { method: 'POST', path: '/api/me/identity', status: 200 },
});

export const identityCheckOperations = [startIdentityCheck] as const;
