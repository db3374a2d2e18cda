import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { atLeastOneOf, clearable, httpsUrlPattern, idSchema, oneLine, US_STATES } from '../schemas/common.schema.js';
import { jobSchema } from '../schemas/job.schema.js';
import { applicantVisibilitySchema, meSchema, PROFILE_LIMITS, publicMemberPreviewSchema, publicMemberSchema } from '../schemas/profile.schema.js';
import { objectDownloadSchema, uploadedObjectSchema } from '../schemas/stored-object.schema.js';

const L = PROFILE_LIMITS;

/** The pattern (httpsUrlPattern) is what the document shows; the parse after it refuses what a pattern cannot see (bad punycode). */
const httpsUrl = z
  .string({ error: 'Must be a URL.' })
  .trim()
  .max(L.website, `At most ${L.website} characters.`)
  .regex(httpsUrlPattern(), 'Must be an https:// URL.')
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return u.protocol === 'https:' && !!u.hostname && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { message: 'Must be an https:// URL.' },
  )
  .meta({ examples: ['https://ada.example.com/'] });

const profileFields = z.object({
  headline: clearable(oneLine(L.headline)).describe('One line'),
  about: clearable(z.string().trim().max(L.about, `At most ${L.about} characters.`)).describe('Plain text'),
  skills: z
    .array(oneLine(L.skill), { error: 'Must be a list of skills.' })
    .max(L.skills, `At most ${L.skills} skills.`)
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, { message: 'Skills must not repeat.' })
    .optional()
    .describe('Each one line; replaces the saved list'),
  city: clearable(oneLine(L.city)).describe('City'),
  state: clearable(z.enum(US_STATES, { error: 'Must be a two-letter US state code or DC.' })).describe('Two-letter US state code or DC'),
  website: clearable(httpsUrl).describe('An https:// URL, host in ASCII (xn-- form)'),
  resume: clearable(z.string().trim().max(L.resume, `At most ${L.resume} characters.`)).describe('Private Markdown for your applications'),
  usWorkAuthorized: z.boolean({ error: 'Must be true or false.' }).optional().describe('Whether you are authorized to work in the United States'),
  applicantVisibility: applicantVisibilitySchema.optional().describe('anonymous (default): a codename in public applicant lists; public: your card'),
});

/** Only the fields sent change, so a body that sends none is refused. */
export const profileUpdateSchema = atLeastOneOf(profileFields, Object.keys(profileFields.shape), 'Send at least one profile field to change.');

export const getMyProfile = defineOperation({
  name: 'getMyProfile',
  service: 'identity',
  summary: 'The signed-in member: profile, what is missing, and sign-up state',
  access: 'verified',
  scope: 'agent:read',
  input: z.object({}),
  output: meSchema,
  rest: { method: 'GET', path: '/api/me', status: 200 },
  mcp: {
    tool: 'get_my_profile',
    description: 'Your account: name, email, photo, profile, sign-up state and what is still missing to post or apply. Change it with update_my_profile.',
  },
});

export const updateMyProfile = defineOperation({
  name: 'updateMyProfile',
  service: 'identity',
  summary: 'Change your profile; only the fields sent change',
  access: 'member',
  scope: 'agent:write',
  input: profileUpdateSchema,
  output: meSchema,
  rest: { method: 'PATCH', path: '/api/me/profile', status: 200 },
  mcp: {
    tool: 'update_my_profile',
    description: 'Send only the fields that change; null clears a field (the limits are in the schema). Returns your account as get_my_profile does.',
  },
});

/** Photos: PNG or JPEG, re-encoded by the service (metadata stripped, at most 512 pixels a side). */
export const PHOTO_LIMITS = {
  /**
   * Upload bytes, enough for a phone camera's photo. The raw body is streamed to storage, so this
   * is not bound by the JSON limit; base64 in JSON still is (about 1.5 MB of image).
   */
  bytes: 10_485_760,
  dimension: 8192,
  pixels: 16_777_216,
  /** Stored photos are scaled down to fit this square. */
  stored: 512,
} as const;

export const uploadMyPhoto = defineOperation({
  name: 'uploadMyPhoto',
  service: 'identity',
  summary: 'Upload your member photo: the PNG or JPEG as the request body (or base64 in JSON)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    image: uploadedObjectSchema.describe(
      `A non-animated PNG or JPEG: at most ${PHOTO_LIMITS.bytes} bytes, ${PHOTO_LIMITS.dimension} pixels a side and ${PHOTO_LIMITS.pixels} pixels. It is re-encoded (metadata removed, scaled to fit ${PHOTO_LIMITS.stored}x${PHOTO_LIMITS.stored}).`,
    ),
  }),
  output: meSchema,
  rest: {
    method: 'PUT',
    path: '/api/me/photo',
    status: 200,
    upload: { field: 'image', contentTypes: ['image/png', 'image/jpeg'], maxBytes: PHOTO_LIMITS.bytes, base64InJson: true },
  },
});

export const deleteMyPhoto = defineOperation({
  name: 'deleteMyPhoto',
  service: 'identity',
  summary: 'Remove your member photo',
  access: 'member',
  scope: 'agent:write',
  input: z.object({}),
  output: meSchema,
  rest: { method: 'DELETE', path: '/api/me/photo', status: 200 },
});

export const getMemberPhoto = defineOperation({
  name: 'getMemberPhoto',
  service: 'identity',
  summary: "A member's uploaded photo; the path changes with the photo, so it is cached as immutable",
  access: 'public',
  input: z.object({
    id: idSchema,
    hash: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{1,64}$/, 'Not a photo hash.'),
  }),
  output: objectDownloadSchema,
  rest: { method: 'GET', path: '/api/members/{id}/photo/{hash}', status: 200, download: { contentTypes: ['image/png', 'image/jpeg'] } },
});

export const getMember = defineOperation({
  name: 'getMember',
  service: 'identity',
  summary: "A member's public page (full) or card (preview)",
  access: 'board',
  scope: 'agent:read',
  input: z.object({
    id: idSchema,
    view: z.enum(['full', 'preview'], { error: 'Must be full or preview.' }).default('full'),
  }),
  output: z.union([publicMemberSchema, publicMemberPreviewSchema]),
  rest: { method: 'GET', path: '/api/members/{id}', status: 200 },
  mcp: {
    tool: 'get_member',
    access: 'board',
    args: { id: 'member_id' },
    description: "A member's public page: view full (default) or preview (the short card). Emails and resumes are never shown.",
  },
});

export const DELETE_CONFIRMATION = 'delete my account';

export const deleteMyAccount = defineOperation({
  name: 'deleteMyAccount',
  service: 'identity',
  summary: 'Delete your account',
  access: 'signedIn',
  scope: 'agent:write',
  input: z.object({
    confirm: z.literal(DELETE_CONFIRMATION, { error: `Type "${DELETE_CONFIRMATION}" exactly.` }).describe(`Must be exactly "${DELETE_CONFIRMATION}"`),
  }),
  output: z.object({ deleted: z.literal(true), id: z.string(), deletedAt: z.string() }),
  rest: { method: 'DELETE', path: '/api/me', status: 200, fields: { confirm: { in: 'body' } } },
  mcp: {
    tool: 'delete_my_account',
    description:
      'Permanent, and your human decides: your client asks them (elicitation), else they delete it in the browser. Closes open jobs; 409 during hired work.',
  },
});

/** Jobs a member page shows, from the jobs service (service-to-service). */
export const getMemberPageJobs = defineOperation({
  name: 'getMemberPageJobs',
  service: 'jobs',
  summary: "A member's public open or hired jobs, and the jobs they did (service-to-service)",
  access: 'internal',
  callers: ['identity'],
  input: z.object({ memberId: idSchema, doneJobIds: z.array(idSchema).max(500).default([]) }),
  output: z.object({
    /** Open or hired jobs posted publicly (never anonymous ones), newest first. */
    posted: z.array(jobSchema),
    /** The jobs of `doneJobIds` that the public may see, in the order given. */
    done: z.array(jobSchema),
  }),
});

export const membersOperations = [
  getMyProfile,
  updateMyProfile,
  uploadMyPhoto,
  deleteMyPhoto,
  getMemberPhoto,
  getMember,
  deleteMyAccount,
  getMemberPageJobs,
] as const;
