import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { idSchema, oneLine } from '../schemas/common.schema.js';
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

/** The outcomes a provider reports; `none` and `started` are ours (no check, one opened). */
export const IDENTITY_PROVIDER_OUTCOMES = ['verified', 'failed', 'review', 'expired', 'duplicate'] as const;

/** A provider's event, as the signed body's JSON. */
export const identityProviderEventSchema = z.object({
  id: z.string().trim().min(1).max(200).describe("The event's own id: an id seen in the last hour is not recorded again"),
  reference: idSchema.describe("The reference sent when the check was opened (the member's id)"),
  status: z.enum(IDENTITY_PROVIDER_OUTCOMES),
  verifiedName: oneLine(120).optional().describe('The name on the ID, with verified'),
});

/**
 * The identity provider's webhook: the outcome of a check, recorded exactly as the operator's
 * command records it (operatorRecordIdentityCheck). No caller: the signature is the credential.
 */
export const receiveIdentityProviderEvent = defineOperation({
  name: 'receiveIdentityProviderEvent',
  service: 'identity',
  summary: 'Identity provider webhook: record the outcome of an identity check (signed)',
  access: 'public',
  input: z.object({
    event: z.string().describe("The body's exact text"),
    signature: z.string().max(2_000).optional(),
  }),
  output: z.object({
    recorded: z.boolean().describe('False when the event was seen before or names no member; either way it need not be sent again'),
  }),
  rest: {
    method: 'POST',
    path: '/api/identity/provider-webhook',
    status: 200,
    fields: { signature: { in: 'request', name: 'identity-signature' } },
    rawBody: {
      field: 'event',
      body: identityProviderEventSchema,
      description:
        'Signed with a shared secret: header Identity-Signature `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`. ' +
        'A bad or missing signature, or t over 5 minutes old or ahead, is 401. A repeated event id or an unknown reference is 200 with recorded false.',
    },
  },
});

export const identityCheckOperations = [startIdentityCheck, receiveIdentityProviderEvent] as const;
