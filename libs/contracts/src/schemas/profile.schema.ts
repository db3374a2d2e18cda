import { z } from 'zod';

import { publicRatingSchema, ratingSummarySchema } from './application.schema.js';
import { dateTimeSchema, memberText, US_STATES } from './common.schema.js';
import { jobSchema } from './job.schema.js';

/** Profile bounds (the contract leaves them to us); the OpenAPI document shows them. */
export const PROFILE_LIMITS = {
  headline: 120,
  about: 4000,
  skills: 30,
  skill: 50,
  city: 80,
  website: 200,
  resume: 20_000,
} as const;

export const US_STATE_NAMES: Record<(typeof US_STATES)[number], string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
};

export const applicantVisibilitySchema = z.enum(['anonymous', 'public']);

export const memberProfileSchema = z.object({
  headline: memberText.nullable(),
  about: memberText.nullable(),
  skills: z.array(memberText),
  city: z.string().nullable(),
  state: z.enum(US_STATES).nullable(),
  website: memberText.nullable(),
  resume: memberText.nullable().describe('Markdown; private to the member (attached to applications)'),
  usWorkAuthorized: z.boolean().nullable(),
  applicantVisibility: applicantVisibilitySchema.describe('anonymous unless the member opted in to public'),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const SIGN_UP_STEPS = ['network', 'identity', 'work'] as const;
export const IDENTITY_CHECK_STATES = ['none', 'started', 'review', 'verified', 'failed', 'expired', 'duplicate'] as const;

export const signUpSchema = z
  .object({
    step: z.enum(SIGN_UP_STEPS),
    identity: z.enum(IDENTITY_CHECK_STATES),
    verifiedName: z.string().nullable(),
  })
  .nullable()
  .describe('Null once sign-up is finished');

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: memberText,
  photoUrl: z.string().nullable(),
  networkUrl: z.string().nullable(),
  profile: memberProfileSchema.nullable(),
  missing: z.array(z.string()).describe('What is still required before posting or applying; empty when complete'),
  signUp: signUpSchema,
  identityVerificationEnabled: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * What a member removed by moderators shows in place of their headline, on their page and on every
 * card of them (posters, applicants): the contract's shapes have no other place to say it.
 */
export const REMOVED_MEMBER_HEADLINE = 'Profile removed by moderators';

export const publicMemberPreviewSchema = z
  .object({
    id: z.string(),
    name: memberText,
    photoUrl: z.string().nullable(),
    headline: memberText.describe('Empty when unset'),
    city: z.string().describe('Empty when unset'),
    state: z.string().nullable(),
    rating: ratingSummarySchema,
  })
  .strict();

export const publicMemberSchema = z
  .object({
    id: z.string(),
    name: memberText,
    photoUrl: z.string().nullable(),
    headline: memberText.describe('Empty when unset'),
    about: memberText,
    skills: z.array(memberText),
    city: z.string(),
    state: z.string().nullable(),
    stateName: z.string().nullable(),
    website: memberText.nullable(),
    networkUrl: z.string().nullable(),
    createdAt: dateTimeSchema,
    jobsPosted: z.array(jobSchema).describe('Open or hired public jobs, newest first'),
    jobsDone: z.array(jobSchema).describe('Accepted applications, most recent first'),
    rating: ratingSummarySchema,
    ratings: z.array(publicRatingSchema).describe('Newest first'),
  })
  .strict();
