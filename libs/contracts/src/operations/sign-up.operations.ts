import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { httpsUrlPattern, idSchema, oneLine, US_STATES } from '../schemas/common.schema.js';
import { IDENTITY_CHECK_STATES, meSchema } from '../schemas/profile.schema.js';

const NETWORK_URL_MESSAGE = 'Must be a public network profile link: https://{network host}/in/{name}.';

/**
 * `https://{network_host}/in/{slug}`; NETWORK_HOST, when set, names the only accepted host. The
 * pattern is what the document shows; the parse after it refuses what a pattern cannot see.
 */
export const networkUrlSchema = z
  .string({ error: 'Required.' })
  .trim()
  .max(200, 'At most 200 characters.')
  .regex(httpsUrlPattern('/in/[A-Za-z0-9_%-]{1,100}/?'), NETWORK_URL_MESSAGE)
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return u.protocol === 'https:' && /^\/in\/[A-Za-z0-9_%-]{1,100}\/?$/.test(u.pathname) && !u.search && !u.hash && !u.username;
      } catch {
        return false;
      }
    },
    { message: NETWORK_URL_MESSAGE },
  )
  // Before the transform: the document shows what is sent, not what it becomes.
  .meta({
    description: 'Public network profile link, https://{network host}/in/{slug}',
    examples: ['https://network.example/in/ada-lovelace'],
  })
  .transform((s) => s.replace(/\/$/, ''));

export const networkProfileMatchSchema = z.object({
  networkUrl: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  location: z.string().nullable(),
  photoUrl: z.string().nullable(),
});

export const findMyNetworkProfile = defineOperation({
  name: 'findMyNetworkProfile',
  service: 'identity',
  summary: 'Public network profiles whose name exactly matches your account name (up to 3, best first)',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ profiles: z.array(networkProfileMatchSchema).max(3) }),
  rest: { method: 'GET', path: '/api/me/profile/network', status: 200 },
  mcp: {
    tool: 'find_my_network_profile',
    description: 'Up to 3 public network profiles whose name matches your account name exactly, best first. Pass the right one to import_network_profile.',
  },
});

export const importNetworkProfile = defineOperation({
  name: 'importNetworkProfile',
  service: 'identity',
  summary: 'Import name, headline, about, skills, city, state, website and resume from a public network profile',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    networkUrl: networkUrlSchema,
    usWorkAuthorized: z.boolean({ error: 'Must be true or false.' }).optional().describe('Needed on a first import (when your profile has no answer yet)'),
    city: oneLine(80).optional().describe('Used instead of the imported city; needed when the profile has none'),
    state: z
      .enum(US_STATES, { error: 'Must be a two-letter US state code or DC.' })
      .optional()
      .describe('Used instead of the imported state; needed when the profile has none'),
  }),
  output: meSchema,
  // 404: no public profile at that link.
  rest: { method: 'POST', path: '/api/me/profile/network', status: 200, statuses: [404] },
  mcp: {
    tool: 'import_network_profile',
    description: 'Imported values replace saved ones. Pass us_work_authorized on a first import, city/state when missing; else nothing is saved.',
  },
});

/**
 * What importNetworkProfile would save, read before anything is: the person sees it and confirms.
 * REST only (the contract names no tool; agents import with import_network_profile directly).
 */
export const previewNetworkImport = defineOperation({
  name: 'previewNetworkImport',
  service: 'identity',
  summary: 'Look up a public network profile and answer what importing it would save; nothing is saved',
  access: 'member',
  scope: 'agent:read',
  input: z.object({ networkUrl: networkUrlSchema }),
  output: z.object({
    networkUrl: z.string(),
    name: z.string().nullable(),
    headline: z.string().nullable(),
    about: z.string().nullable(),
    skills: z.array(z.string()),
    city: z.string().nullable(),
    state: z.enum(US_STATES).nullable(),
    website: z.string().nullable(),
    resume: z.string().nullable(),
    needs: z
      .array(z.enum(['usWorkAuthorized', 'city', 'state']))
      .describe('What the import must be sent besides the link: work authorization on a first import, a city or state the profile lacks'),
  }),
  // 404: no public profile at that link.
  rest: { method: 'POST', path: '/api/me/profile/network/preview', status: 200, statuses: [404] },
});

export const networkPreview = defineOperation({
  name: 'networkPreview',
  service: 'identity',
  summary: 'Sign-up step 1: look up your network profile (nothing is saved to your account)',
  access: 'signUp',
  scope: 'agent:write',
  input: z.object({ networkUrl: networkUrlSchema }),
  output: networkProfileMatchSchema.extend({ confirmBy: z.string().describe('Confirm the same link before this time') }),
  // 404: no public profile at that link.
  rest: { method: 'POST', path: '/api/me/network/preview', status: 200, statuses: [404] },
});

export const networkConfirm = defineOperation({
  name: 'networkConfirm',
  service: 'identity',
  summary: 'Sign-up step 1: confirm the network profile you looked up within the hour',
  access: 'signUp',
  scope: 'agent:write',
  input: z.object({ networkUrl: networkUrlSchema }),
  output: meSchema,
  rest: { method: 'POST', path: '/api/me/network/confirm', status: 200 },
});

export const confirmWorkAuthorization = defineOperation({
  name: 'confirmWorkAuthorization',
  service: 'identity',
  summary: 'Last sign-up step: confirm you may work in the United States',
  access: 'signUp',
  scope: 'agent:write',
  input: z.object({
    usWorkAuthorized: z.literal(true, { error: 'Must be true.' }).describe('Must be true'),
  }),
  output: meSchema,
  rest: { method: 'POST', path: '/api/me/work-authorization', status: 200 },
});

/**
 * Records the outcome of an identity check (the operator command line, by hand; the provider's
 * webhook, receiveIdentityProviderEvent, records through the same handler): `verified` moves
 * sign-up on to the work step.
 */
export const operatorRecordIdentityCheck = defineOperation({
  name: 'operatorRecordIdentityCheck',
  service: 'identity',
  summary: "Record a member's identity check outcome (operator command line)",
  access: 'internal',
  callers: ['operator'],
  input: z.object({
    memberId: idSchema,
    status: z.enum(IDENTITY_CHECK_STATES),
    verifiedName: oneLine(120).optional(),
  }),
  output: meSchema,
});

export const signUpOperations = [
  findMyNetworkProfile,
  importNetworkProfile,
  previewNetworkImport,
  networkPreview,
  networkConfirm,
  confirmWorkAuthorization,
  operatorRecordIdentityCheck,
] as const;
