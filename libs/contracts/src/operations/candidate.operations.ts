import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, oneLine, text, usStateSchema } from '../schemas/common.schema.js';
import { hireContactSchema, TEAM_APPLICATION_STATUSES } from './team.operations.js';

/**
 * Candidates of the team surface: their profile (a US state or DC, work authorization), the
 * verification the contract keeps unavailable, and their applications to team jobs as the team
 * hires. REST only, like the rest of the team surface; served by the applications service.
 */

// ---------------------------------------------------------------- candidates and team applications (applications)

export const candidateSchema = z.object({
  id: z.string().describe('Member id'),
  profile: z
    .object({
      state: usStateSchema,
      usWorkAuthorized: z.literal(true),
      updatedAt: dateTimeSchema,
    })
    .nullable()
    .describe('Null until saved; applying needs it'),
});

export const getCandidate = defineOperation({
  name: 'getCandidate',
  service: 'applications',
  summary: "The caller's candidate record and saved profile",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: candidateSchema,
  rest: { method: 'GET', path: '/api/candidate', status: 200 },
});

export const saveCandidateProfile = defineOperation({
  name: 'saveCandidateProfile',
  service: 'applications',
  summary: 'Save the candidate profile: a US state or DC, and US work authorization (must be true)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    state: usStateSchema.describe('Two-letter US state code or DC'),
    usWorkAuthorized: z.literal(true, { error: 'Must be true: candidates must be authorized to work in the US.' }),
  }),
  output: candidateSchema,
  rest: { method: 'PUT', path: '/api/candidate/profile', status: 200 },
});

export const getCandidateVerification = defineOperation({
  name: 'getCandidateVerification',
  service: 'applications',
  summary: 'Candidate identity verification status: always unavailable (background checks are disabled)',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ status: z.literal('unavailable') }),
  rest: { method: 'GET', path: '/api/candidate/verification', status: 200 },
});

export const startCandidateVerification = defineOperation({
  name: 'startCandidateVerification',
  service: 'applications',
  summary: 'Start candidate verification: always 503 (background checks are disabled, no verification provider)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({}),
  output: z.object({ status: z.literal('unavailable') }),
  rest: { method: 'POST', path: '/api/candidate/verification', status: 200 },
});

export const teamApplicationSchema = z
  .object({
    id: z.string(),
    jobId: z.string(),
    title: z.string(),
    company: z.string(),
    budget: z.number().int(),
    candidate: z.object({ id: z.string(), name: z.string(), state: usStateSchema }),
    pitch: z.string(),
    agent: z.string().nullable(),
    status: z.enum(TEAM_APPLICATION_STATUSES),
    createdAt: dateTimeSchema,
    decidedAt: dateTimeSchema.nullable(),
    contact: hireContactSchema,
  })
  .describe('A team application');

export const applyToTeamJob = defineOperation({
  name: 'applyToTeamJob',
  service: 'applications',
  summary:
    'Team surface: apply to an open team job (POST /api/jobs/{id}/applications with a team or candidate key); needs a saved candidate profile; one per job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema.describe('Team job id'),
    pitch: text(4000).describe('Why you fit, at most 4,000 characters'),
    agent: oneLine(120).optional().describe('The agent applying for the candidate, if any'),
  }),
  output: teamApplicationSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/applications', status: 201, credential: ['team', 'candidate'] },
});

export const listCandidateApplications = defineOperation({
  name: 'listCandidateApplications',
  service: 'applications',
  summary: "The caller's team-job applications, newest first",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ applications: z.array(teamApplicationSchema) }),
  rest: { method: 'GET', path: '/api/candidate/applications', status: 200 },
});

export const withdrawCandidateApplication = defineOperation({
  name: 'withdrawCandidateApplication',
  service: 'applications',
  summary: 'Withdraw a team-job application while it waits (409 once decided)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Application id') }),
  output: teamApplicationSchema,
  rest: { method: 'POST', path: '/api/candidate/applications/{id}/withdraw', status: 200 },
});

export const listTeamJobApplications = defineOperation({
  name: 'listTeamJobApplications',
  service: 'applications',
  summary: "Applications to one of the team's jobs, oldest first, withdrawn omitted; emails only once hired",
  access: 'member',
  scope: 'agent:read',
  input: z.object({ id: idSchema.describe('Team job id') }),
  output: z.object({ applications: z.array(teamApplicationSchema) }),
  rest: { method: 'GET', path: '/api/team/jobs/{id}/applications', status: 200 },
});

export const acceptTeamApplication = defineOperation({
  name: 'acceptTeamApplication',
  service: 'applications',
  summary:
    'Hire: the job is filled, the other waiting applications declined, and both sides get each other’s email. Of concurrent accepts one wins; the rest get 409',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Application id') }),
  output: teamApplicationSchema,
  rest: { method: 'POST', path: '/api/team/applications/{id}/accept', status: 200 },
});

export const declineTeamApplication = defineOperation({
  name: 'declineTeamApplication',
  service: 'applications',
  summary: 'Decline a waiting application to one of the team’s jobs (409 once decided)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Application id') }),
  output: teamApplicationSchema,
  rest: { method: 'POST', path: '/api/team/applications/{id}/decline', status: 200 },
});

export const candidateOperations = [
  getCandidate,
  saveCandidateProfile,
  getCandidateVerification,
  startCandidateVerification,
  applyToTeamJob,
  listCandidateApplications,
  withdrawCandidateApplication,
  listTeamJobApplications,
  acceptTeamApplication,
  declineTeamApplication,
] as const;
