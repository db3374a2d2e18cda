import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { SOME_TEXT_PATTERN } from '../schemas/common.schema.js';
import { meSchema } from '../schemas/profile.schema.js';

const emailSchema = z
  .email('Must be an email address.')
  .max(254, 'At most 254 characters.')
  .transform((s) => s.toLowerCase());

export const ACCESS_STANDINGS = ['signed_out', 'needs_invitation', 'waitlisted', 'admitted'] as const;

export const getAccess = defineOperation({
  name: 'getAccess',
  service: 'identity',
  summary: "The caller's standing while the service is invite-only",
  access: 'public',
  input: z.object({}),
  output: z.object({
    inviteOnly: z.boolean().describe('When false everyone is let in and reads are public'),
    standing: z
      .enum(ACCESS_STANDINGS)
      .describe('signed_out: no credentials; needs_invitation: signed in, not let in, not on the waitlist; waitlisted: on the waitlist; admitted: let in'),
    gatePath: z.string().describe('The page that explains the gate, accepts an invitation and joins the waitlist'),
  }),
  rest: { method: 'GET', path: '/api/access', status: 200 },
});

export const acceptInvitation = defineOperation({
  name: 'acceptInvitation',
  service: 'identity',
  summary: 'Join with an invitation link token',
  access: 'verified',
  scope: 'agent:write',
  input: z.object({
    token: z
      .string({ error: 'Required.' })
      .trim()
      .min(1, 'Required.')
      .max(200, 'At most 200 characters.')
      .regex(SOME_TEXT_PATTERN, 'Required.')
      .describe('The token of an invitation link (the `token` parameter of /join?token=…)'),
  }),
  output: meSchema,
  rest: { method: 'POST', path: '/api/me/invite', status: 200 },
});

export const pendingInvitationSchema = z.object({
  email: z.string(),
  state: z.enum(['sending', 'sent', 'failed']).describe('failed: delivery failed; retry within 23 hours keeps the place'),
  createdAt: z.string(),
});

export const inviteLinkSchema = z.object({
  url: z.string().describe('Share this link; whoever joins through it counts against your allowance once'),
  token: z.string(),
  revoked: z.boolean(),
  uses: z.number().int().min(0).describe('People who joined through the link or an email invitation'),
  joined: z.array(z.object({ id: z.string(), name: z.string(), joinedAt: z.string() })).describe('Newest first, up to 100'),
  pendingEmailInvitations: z.number().int().min(0),
  pendingInvitations: z.array(pendingInvitationSchema).max(100).describe('Newest first, up to 100'),
  limit: z.number().int().min(1).nullable().describe('People you may invite in all; null when unlimited'),
  remaining: z.number().int().min(0).nullable().describe('Places left; null when unlimited'),
});

export const getMyInviteLink = defineOperation({
  name: 'getMyInviteLink',
  service: 'identity',
  summary: 'Your invitation link (created on first request), who joined, and your allowance',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: inviteLinkSchema,
  rest: { method: 'GET', path: '/api/me/invite-link', status: 200 },
  mcp: {
    tool: 'get_my_invite_link',
    description: 'Your invitation link (made on first use), its uses, who joined, pending email invitations and your allowance (null: unlimited).',
  },
});

export const inviteByEmail = defineOperation({
  name: 'inviteByEmail',
  service: 'identity',
  summary: 'Email someone your invitation link',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ email: emailSchema.describe('At most 254 characters') }),
  output: z.object({
    emailed: z.boolean().describe('True when an email was sent by this request'),
    alreadyInvited: z.boolean().describe('True when you had already invited this address; nothing was sent again'),
  }),
  rest: { method: 'POST', path: '/api/me/email-invites', status: 200 },
  mcp: {
    tool: 'invite_by_email',
    description: 'Each address uses one place of your allowance (see get_my_invite_link); inviting again sends nothing. A failed delivery may be retried.',
  },
});

export const joinWaitlist = defineOperation({
  name: 'joinWaitlist',
  service: 'identity',
  summary: 'Join the waitlist',
  access: 'public',
  input: z.object({ email: emailSchema.describe('At most 254 characters') }),
  output: z.object({
    status: z
      .literal('waiting')
      .describe('Always `waiting`: the answer is the same for every address, never saying whether it was already listed, invited or joined'),
  }),
  rest: { method: 'POST', path: '/api/waitlist', status: 200 },
});

export const ACCESS_SETTING_KEYS = ['invite_only', 'identity_verification', 'invitations_per_member'] as const;

export const accessSettingsSchema = z.object({
  inviteOnly: z.boolean(),
  identityVerification: z.boolean(),
  invitationsPerMember: z.number().int().min(0).describe('0 means unlimited'),
});
export type AccessSettings = z.infer<typeof accessSettingsSchema>;

/** Admission settings in force, for every service's read and member guards (service-to-service). */
export const getAccessSettings = defineOperation({
  name: 'getAccessSettings',
  service: 'identity',
  summary: 'Admission settings in force (service-to-service)',
  access: 'internal',
  callers: ['gateway', 'identity', 'jobs', 'applications', 'files', 'drafts', 'notifications', 'admin'],
  input: z.object({}),
  output: accessSettingsSchema,
});

/** Operator command line: override a setting (null returns it to the environment's value). */
export const operatorSetSetting = defineOperation({
  name: 'operatorSetSetting',
  service: 'identity',
  summary: 'Set an admission setting (operator command line)',
  access: 'internal',
  callers: ['operator'],
  input: z.object({
    key: z.enum(ACCESS_SETTING_KEYS),
    value: z.union([z.boolean(), z.number().int().min(0).max(1_000_000), z.null()]),
  }),
  output: accessSettingsSchema,
});

/** Subject on which identity announces that settings changed, so caches drop them at once. */
export const SETTINGS_CHANGED_SUBJECT = 'identity.settings.changed';

export const admissionOperations = [getAccess, acceptInvitation, getMyInviteLink, inviteByEmail, joinWaitlist, getAccessSettings, operatorSetSetting] as const;
