import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { teamApplicationSubmittedV1, teamRenamedV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';

/** Keeps `company` on the team's jobs equal to the team's current name. */
@Injectable()
export class TeamRenamedConsumer implements EventConsumer<typeof teamRenamedV1.payload> {
  readonly name = 'team-renamed';
  readonly event = teamRenamedV1;

  async apply(event: EventEnvelope<z.output<typeof teamRenamedV1.payload>>, em: EntityManager): Promise<void> {
    await em.query('UPDATE team_jobs SET company = $2 WHERE team_id = $1', [event.payload.teamId, event.payload.name]);
  }
}

/** Records each application a team job receives, once, for the team's performance figures. */
@Injectable()
export class TeamApplicationRecordConsumer implements EventConsumer<typeof teamApplicationSubmittedV1.payload> {
  readonly name = 'team-application-record';
  readonly event = teamApplicationSubmittedV1;

  async apply(event: EventEnvelope<z.output<typeof teamApplicationSubmittedV1.payload>>, em: EntityManager): Promise<void> {
    const { applicationId, jobId, submittedAt } = event.payload;
    await em.query(
      `INSERT INTO team_application_records (application_id, team_id, job_id, submitted_at)
       SELECT $1, team_id, id, $3 FROM team_jobs WHERE id = $2 ON CONFLICT DO NOTHING`,
      [applicationId, jobId, submittedAt],
    );
  }
}
