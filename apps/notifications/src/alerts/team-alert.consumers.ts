import {
  type EventEnvelope,
  teamApplicationAcceptedV1,
  teamApplicationDeclinedV1,
  teamApplicationSubmittedV1,
  teamMemberInvitedV1,
} from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { applicationConversation, teamInvitationsConversation, writeAlert } from './write-alert.js';

/** Tells the team member who posted a team job that a candidate applied. */
@Injectable()
export class TeamApplicationSubmittedAlertConsumer implements EventConsumer<typeof teamApplicationSubmittedV1.payload> {
  readonly name = 'team-application-submitted-alert';
  readonly event = teamApplicationSubmittedV1;

  async apply(event: EventEnvelope<z.output<typeof teamApplicationSubmittedV1.payload>>, em: EntityManager): Promise<void> {
    const { applicationId, jobId, title, postedBy } = event.payload;
    await writeAlert(em, event, postedBy, `A candidate applied to your team's job "${title}".`, applicationConversation(applicationId, jobId, title));
  }
}

/** Tells the candidate they were hired; the team's contact is on their application. */
@Injectable()
export class TeamApplicationAcceptedAlertConsumer implements EventConsumer<typeof teamApplicationAcceptedV1.payload> {
  readonly name = 'team-application-accepted-alert';
  readonly event = teamApplicationAcceptedV1;

  async apply(event: EventEnvelope<z.output<typeof teamApplicationAcceptedV1.payload>>, em: EntityManager): Promise<void> {
    const { applicationId, jobId, title, company, candidateId } = event.payload;
    await writeAlert(
      em,
      event,
      candidateId,
      `${company} hired you for "${title}". Their contact is on your application (GET /api/candidate/applications).`,
      applicationConversation(applicationId, jobId, title),
    );
  }
}

/** Tells the candidate their application was declined, or that the team hired someone else. */
@Injectable()
export class TeamApplicationDeclinedAlertConsumer implements EventConsumer<typeof teamApplicationDeclinedV1.payload> {
  readonly name = 'team-application-declined-alert';
  readonly event = teamApplicationDeclinedV1;

  async apply(event: EventEnvelope<z.output<typeof teamApplicationDeclinedV1.payload>>, em: EntityManager): Promise<void> {
    const { applicationId, jobId, title, company, candidateId, reason } = event.payload;
    const message = reason === 'hired_other' ? `${company} hired another candidate for "${title}".` : `${company} declined your application to "${title}".`;
    await writeAlert(em, event, candidateId, message, applicationConversation(applicationId, jobId, title));
  }
}

/** Tells a member a team asks them to join; nothing changes until they accept. */
@Injectable()
export class TeamMemberInvitedAlertConsumer implements EventConsumer<typeof teamMemberInvitedV1.payload> {
  readonly name = 'team-member-invited-alert';
  readonly event = teamMemberInvitedV1;

  async apply(event: EventEnvelope<z.output<typeof teamMemberInvitedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, teamName, role } = event.payload;
    await writeAlert(
      em,
      event,
      memberId,
      `The team "${teamName}" invites you to join as ${role}. Accept or decline on /me/team or with list_my_team_invitations; nothing changes until you accept.`,
      teamInvitationsConversation(),
    );
  }
}
