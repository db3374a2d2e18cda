import { z } from 'zod';

import { defineOperation, MODEL_CHECKED_TIMEOUT_MS } from '../operation.js';
import { dateTimeSchema, idSchema, intIn, LOWERCASE_PATTERN, oneLine, reportDaysSchema, text } from '../schemas/common.schema.js';

/**
 * The team surface (contract: "Team surface (older, company-oriented)"): companies whose members
 * post budgeted jobs, candidates who apply to them, and team hiring. REST only, as the contract
 * names no MCP tool for it, except joining and leaving by consent (invitations, leave), which a
 * member's agent may be asked to answer. Teams and their keys live in identity, team jobs beside member jobs
 * in the jobs service, candidates and team applications in the applications service.
 */

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export const TEAM_JOB_STATUSES = ['open', 'filled', 'closed'] as const;
export const TEAM_APPLICATION_STATUSES = ['submitted', 'accepted', 'declined', 'withdrawn'] as const;
/** The listing fee recorded (never charged) for every team job. */
export const TEAM_LISTING_FEE_DOLLARS = 1;

const lowercaseTitle = oneLine(120)
  .regex(LOWERCASE_PATTERN, 'Must be all lowercase.')
  .meta({ description: 'One line, all lowercase (no character that lowercasing would change), at most 120 characters', examples: ['summarise ten papers'] });

export const hireContactSchema = z
  .object({ name: z.string(), email: z.string() })
  .nullable()
  .describe("The other side's name and email once hired; null before");

// ---------------------------------------------------------------- teams (identity)

export const teamSchema = z.object({ id: z.string(), name: z.string(), createdAt: dateTimeSchema });

export const teamMemberSchema = z.object({
  id: z.string().describe('Member id'),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: dateTimeSchema,
});

export const teamJobSchema = z
  .object({
    id: z.string(),
    company: z.string().describe("The posting team's name"),
    title: z.string(),
    budget: z.number().int().describe('Whole US dollars'),
    constraints: z.string(),
    status: z.enum(TEAM_JOB_STATUSES),
    createdAt: dateTimeSchema,
    closesAt: dateTimeSchema.nullable().describe('14 days after posting; null once the job is not open'),
  })
  .describe('A team job');

export const teamViewSchema = z.object({
  team: teamSchema,
  role: z.enum(TEAM_ROLES).describe("The caller's role"),
  members: z.array(teamMemberSchema),
  jobs: z.array(teamJobSchema),
});

const teamName = oneLine(120).describe('Company name, one line, at most 120 characters');

// The team routes that act on the caller's own team answer 404 when the caller is on none (statuses).
export const getTeam = defineOperation({
  name: 'getTeam',
  service: 'identity',
  summary: "The caller's team: the team, the caller's role, members and jobs (404 when on no team)",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: teamViewSchema,
  rest: { method: 'GET', path: '/api/team', status: 200, statuses: [404] },
});

export const createTeam = defineOperation({
  name: 'createTeam',
  service: 'identity',
  summary: 'Create a team (company); the caller becomes its owner. A member belongs to one team',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ name: teamName }),
  output: teamViewSchema,
  rest: { method: 'POST', path: '/api/team', status: 201 },
});

export const updateTeam = defineOperation({
  name: 'updateTeam',
  service: 'identity',
  summary: "Rename the caller's team (owner or admin role)",
  access: 'member',
  scope: 'agent:write',
  input: z.object({ name: teamName }),
  output: teamViewSchema,
  rest: { method: 'PATCH', path: '/api/team', status: 200, statuses: [404] },
});

/** How long a team invitation waits for an answer, and how many one team may have waiting. */
export const TEAM_INVITATION_DAYS = 14;
export const TEAM_PENDING_INVITATIONS_MAX = 50;

export const addTeamMember = defineOperation({
  name: 'addTeamMember',
  service: 'identity',
  summary:
    'Invite someone to the team by email (owner or admin role): 202 with the same answer whether or not the ' +
    'address has an account. A member with that verified address is alerted and accepts or declines ' +
    '(GET /api/me/team-invitations); nobody joins without accepting. Invitations wait ' +
    `${TEAM_INVITATION_DAYS} days; a team has at most ${TEAM_PENDING_INVITATIONS_MAX} waiting (409), ` +
    'and a member sends at most the team_invitations limit per UTC day (429; GET /api/safety-policy)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    email: z
      .email('Must be an email address.')
      .max(254)
      .transform((s) => s.toLowerCase())
      .describe("The person's email address"),
    role: z.enum(['admin', 'member'], { error: 'One of: admin, member.' }).default('member').describe('admin or member (default)'),
  }),
  output: z
    .object({
      invited: z.literal(true),
      message: z.string().describe('The same words whether or not the address has an account'),
    })
    .describe('Nothing about the person: whether they have an account is not revealed'),
  rest: { method: 'POST', path: '/api/team/members', status: 202, statuses: [404] },
});

export const teamInvitationSchema = z
  .object({
    id: z.string().describe('Invitation id'),
    team: z.object({ id: z.string(), name: z.string() }),
    role: z.enum(['admin', 'member']).describe('The role on accepting'),
    invitedBy: z.string().describe("The inviting member's name"),
    createdAt: dateTimeSchema,
    expiresAt: dateTimeSchema,
  })
  .describe('A team invitation waiting for your answer');

export const listMyTeamInvitations = defineOperation({
  name: 'listMyTeamInvitations',
  service: 'identity',
  summary: 'Team invitations sent to your verified email address that wait for your answer, newest first',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ invitations: z.array(teamInvitationSchema) }),
  rest: { method: 'GET', path: '/api/me/team-invitations', status: 200 },
  mcp: {
    tool: 'list_my_team_invitations',
    description: 'Team invitations to your email waiting for an answer: accept_team_invitation or decline_team_invitation.',
  },
});

const invitationId = z.object({ id: idSchema.describe('Invitation id') });

export const acceptTeamInvitation = defineOperation({
  name: 'acceptTeamInvitation',
  service: 'identity',
  summary:
    'Accept a team invitation: you join with its role and get the team view. 404 unknown, not yours or expired; ' +
    '409 already answered or you are on a team (leave it first: POST /api/team/leave)',
  access: 'member',
  scope: 'agent:write',
  input: invitationId,
  output: teamViewSchema,
  rest: { method: 'POST', path: '/api/me/team-invitations/{id}/accept', status: 200 },
  mcp: {
    tool: 'accept_team_invitation',
    args: { id: 'invitation_id' },
    description: "Only when your human wants to join; you take the invitation's role. 409 while you are on a team: leave_team first.",
  },
});

export const declineTeamInvitation = defineOperation({
  name: 'declineTeamInvitation',
  service: 'identity',
  summary: 'Decline a team invitation. 404 unknown, not yours or expired; 409 already answered',
  access: 'member',
  scope: 'agent:write',
  input: invitationId,
  output: z.object({ declined: z.literal(true), id: z.string() }),
  rest: { method: 'POST', path: '/api/me/team-invitations/{id}/decline', status: 200 },
  mcp: {
    tool: 'decline_team_invitation',
    args: { id: 'invitation_id' },
    description: 'Decline a team invitation (from list_my_team_invitations); the team is not told who you are beyond its own invitation.',
  },
});

export const leaveTeam = defineOperation({
  name: 'leaveTeam',
  service: 'identity',
  summary:
    'Leave your team. An owner cannot leave while others remain on it (409); an owner who is the last member ' +
    'leaves only once the team has no open jobs (409), and the team is then dissolved (its waiting invitations withdrawn). ' +
    '404 when on no team',
  access: 'member',
  scope: 'agent:write',
  input: z.object({}),
  output: z.object({ left: z.literal(true), teamId: z.string(), dissolved: z.boolean().describe('You were its last member') }),
  rest: { method: 'POST', path: '/api/team/leave', status: 200, statuses: [404] },
  mcp: {
    tool: 'leave_team',
    description: 'Leave your team, only when your human asks. An owner stays while others remain; a last owner leaves only with no team job open.',
  },
});

const createdKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable(),
  key: z.string().describe('The key itself, shown once'),
  kind: z.enum(['team', 'candidate']).describe('team keys get the team shapes on the shared paths; so do candidate keys'),
});

export const createTeamApiKey = defineOperation({
  name: 'createTeamApiKey',
  service: 'identity',
  summary: 'Create a team API key under company settings (owner or admin role; browser session only). It acts as the caller within the team',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ name: oneLine(120).describe('A label to tell keys apart') }),
  output: createdKeySchema,
  rest: { method: 'POST', path: '/api/team/api-keys', status: 201, statuses: [404] },
});

export const createCandidateApiKey = defineOperation({
  name: 'createCandidateApiKey',
  service: 'identity',
  summary: 'Create a candidate API key (browser session only): with it the shared paths answer the team surface shapes',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ name: oneLine(120).describe('A label to tell keys apart') }),
  output: createdKeySchema,
  rest: { method: 'POST', path: '/api/candidate/api-keys', status: 201 },
});

export const teamMembershipSchema = z.object({
  membership: z.object({ teamId: z.string(), teamName: z.string(), role: z.enum(TEAM_ROLES) }).nullable(),
});

export const getTeamMembership = defineOperation({
  name: 'getTeamMembership',
  service: 'identity',
  summary: "A member's team and role (service-to-service)",
  access: 'internal',
  callers: ['jobs', 'applications'],
  input: z.object({ memberId: idSchema }),
  output: teamMembershipSchema,
});

// ---------------------------------------------------------------- team jobs (jobs)

export const listTeamBoard = defineOperation({
  name: 'listTeamBoard',
  service: 'jobs',
  summary: 'Team surface: open team jobs, newest first (GET /api/jobs with a team or candidate key)',
  access: 'public',
  scope: 'agent:read',
  input: z.object({ limit: intIn(1, 200, 100) }),
  output: z.object({ jobs: z.array(teamJobSchema) }),
  rest: { method: 'GET', path: '/api/jobs', status: 200, credential: ['team', 'candidate'] },
});

export const listTeamJobs = defineOperation({
  name: 'listTeamJobs',
  service: 'jobs',
  summary: "The caller's team's jobs, newest first",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ jobs: z.array(teamJobSchema) }),
  rest: { method: 'GET', path: '/api/team/jobs', status: 200 },
});

export const postTeamJob = defineOperation({
  name: 'postTeamJob',
  service: 'jobs',
  // Waits on the text safety review's model when one is configured.
  timeoutMs: MODEL_CHECKED_TIMEOUT_MS,
  summary: 'Post a team job with a budget; a $1 listing fee is recorded, never charged. Same safety checks and posting limits as member jobs',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    title: lowercaseTitle,
    budget: z
      .number({ error: 'Must be whole dollars from 1 to 1,000,000.' })
      .int('Must be whole dollars from 1 to 1,000,000.')
      .min(1, 'Must be whole dollars from 1 to 1,000,000.')
      .max(1_000_000, 'Must be whole dollars from 1 to 1,000,000.')
      .describe('Whole US dollars, 1 to 1,000,000'),
    constraints: text(4000).describe('Markdown description, at most 4,000 characters'),
    acceptListingFee: z.literal(true, { error: 'Must be true: a $1 listing fee is recorded for each team job.' }).describe('Must be true'),
  }),
  output: teamJobSchema,
  rest: { method: 'POST', path: '/api/team/jobs', status: 201 },
});

export const closeTeamJob = defineOperation({
  name: 'closeTeamJob',
  service: 'jobs',
  summary: "Close one of the team's open jobs (409 when not open)",
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Team job id') }),
  output: teamJobSchema,
  rest: { method: 'POST', path: '/api/team/jobs/{id}/close', status: 200 },
});

export const teamPerformanceSchema = z.object({
  days: z.number().int(),
  since: dateTimeSchema,
  jobsPosted: z.number().int(),
  openJobs: z.number().int().describe('Open now'),
  filled: z.number().int().describe('Jobs posted in the period and filled'),
  closed: z.number().int().describe('Jobs posted in the period and closed without a hire'),
  applications: z.number().int().describe('Applications received in the period'),
  listingFeesRecorded: z.number().int().describe('Dollars recorded in the listing-fee ledger in the period (never charged)'),
});

export const getTeamPerformance = defineOperation({
  name: 'getTeamPerformance',
  service: 'jobs',
  summary: "The team's posting and hiring figures over 7, 30 or 90 days",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ days: reportDaysSchema }),
  output: teamPerformanceSchema,
  rest: { method: 'GET', path: '/api/team/performance', status: 200 },
});

export const listJobsOfTeam = defineOperation({
  name: 'listJobsOfTeam',
  service: 'jobs',
  summary: "A team's jobs (service-to-service)",
  access: 'internal',
  callers: ['identity'],
  input: z.object({ teamId: idSchema }),
  output: z.object({ jobs: z.array(teamJobSchema) }),
});

export const hiringTeamJobSchema = teamJobSchema.extend({ teamId: z.string(), postedBy: z.string() });

export const getTeamJob = defineOperation({
  name: 'getTeamJob',
  service: 'jobs',
  summary: 'A team job as hiring needs it (service-to-service); 404 when none',
  access: 'internal',
  callers: ['applications'],
  input: z.object({ jobId: idSchema }),
  output: hiringTeamJobSchema,
});

export const moveTeamJob = defineOperation({
  name: 'moveTeamJob',
  service: 'jobs',
  summary: 'Compare-and-set of a team job status (service-to-service): moves only from the status given',
  access: 'internal',
  callers: ['applications'],
  input: z.object({
    jobId: idSchema,
    from: z.enum(TEAM_JOB_STATUSES),
    to: z.enum(TEAM_JOB_STATUSES),
    hiredApplicationId: z.string().nullable(),
  }),
  output: z.object({ moved: z.boolean(), status: z.enum(TEAM_JOB_STATUSES).nullable() }),
});

export const teamOperations = [
  getTeam,
  createTeam,
  updateTeam,
  addTeamMember,
  listMyTeamInvitations,
  acceptTeamInvitation,
  declineTeamInvitation,
  leaveTeam,
  createTeamApiKey,
  createCandidateApiKey,
  getTeamMembership,
  listTeamBoard,
  listTeamJobs,
  postTeamJob,
  closeTeamJob,
  getTeamPerformance,
  listJobsOfTeam,
  getTeamJob,
  moveTeamJob,
] as const;
