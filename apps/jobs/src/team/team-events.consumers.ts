import { type EventEnvelope, teamApplicationSubmittedV1, teamRenamedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { recordTeamApplication, renameTeamJobs } from './team.queries.js';

/** Keeps `company` on the team's jobs equal to the team's current name. */
@Injectable()
export class TeamRenamedConsumer implements EventConsumer<typeof teamRenamedV1.payload> {
  readonly name = 'team-renamed';
  readonly event = teamRenamedV1;

  async apply(event: EventEnvelope<z.output<typeof teamRenamedV1.payload>>, em: EntityManager): Promise<void> {
    await renameTeamJobs(em, event.payload.teamId, event.payload.name);
  }
}

/** Records each application a team job receives, once, for the team's performance figures. */
@Injectable()
export class TeamApplicationRecordConsumer implements EventConsumer<typeof teamApplicationSubmittedV1.payload> {
  readonly name = 'team-application-record';
  readonly event = teamApplicationSubmittedV1;

  async apply(event: EventEnvelope<z.output<typeof teamApplicationSubmittedV1.payload>>, em: EntityManager): Promise<void> {
    const { applicationId, jobId, submittedAt } = event.payload;
    await recordTeamApplication(em, { applicationId, jobId, submittedAt });
  }
}
