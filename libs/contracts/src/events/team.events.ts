import { z } from 'zod';

import { defineEvent } from './event.js';

/** A team renamed itself; the jobs service keeps the name on its team jobs (`company`). */
export const teamRenamedV1 = defineEvent(
  'team.renamed',
  1,
  'identity',
  z.object({
    teamId: z.string(),
    name: z.string(),
    renamedAt: z.string(),
  }),
  { changesPublicPages: true },
);

/**
 * A team invited someone whose address belongs to a member: the invitee is alerted. No event is
 * written for an address without an account (the invitation waits for whoever signs up with it).
 */
export const teamMemberInvitedV1 = defineEvent(
  'team.member_invited',
  1,
  'identity',
  z.object({
    invitationId: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    memberId: z.string().describe('The invitee'),
    role: z.string(),
    invitedAt: z.string(),
  }),
);

/** A candidate applied to a team job: the member who posted it is alerted, the job's count grows. */
export const teamApplicationSubmittedV1 = defineEvent(
  'team_application.submitted',
  1,
  'applications',
  z.object({
    applicationId: z.string(),
    jobId: z.string(),
    title: z.string(),
    candidateId: z.string(),
    postedBy: z.string(),
    submittedAt: z.string(),
  }),
);

/** A team hired a candidate: the candidate is alerted (the emails are on the application). */
export const teamApplicationAcceptedV1 = defineEvent(
  'team_application.accepted',
  1,
  'applications',
  z.object({
    applicationId: z.string(),
    jobId: z.string(),
    title: z.string(),
    company: z.string(),
    candidateId: z.string(),
    acceptedBy: z.string(),
    acceptedAt: z.string(),
  }),
  { changesPublicPages: true },
);

/** A waiting team application was declined, by the team or because another candidate was hired. */
export const teamApplicationDeclinedV1 = defineEvent(
  'team_application.declined',
  1,
  'applications',
  z.object({
    applicationId: z.string(),
    jobId: z.string(),
    title: z.string(),
    company: z.string(),
    candidateId: z.string(),
    reason: z.enum(['declined', 'hired_other']),
    declinedAt: z.string(),
  }),
);
