import { type EventEnvelope, jobPosterVisibilityChangedV1, listWaitingApplicants } from '@marketplace/contracts';
import { BusClient, type EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { jobConversation, writeAlert } from './write-alert.js';

/**
 * A poster changed how they appear on a job: the poster and everyone still waiting on an
 * application hear of it. Who is waiting belongs to the applications service, so it is asked;
 * when it cannot answer the event is retried rather than half-delivered.
 */
@Injectable()
export class VisibilityChangedAlertConsumer implements EventConsumer<typeof jobPosterVisibilityChangedV1.payload> {
  readonly name = 'visibility-changed-alert';
  readonly event = jobPosterVisibilityChangedV1;

  constructor(private readonly bus: BusClient) {}

  async apply(event: EventEnvelope<z.output<typeof jobPosterVisibilityChangedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, posterId, posterVisibility } = event.payload;
    const { applicantIds } = await this.bus.call(listWaitingApplicants, { jobId }, { requestId: event.id, caller: null });
    const shown = posterVisibility === 'anonymous' ? 'anonymously' : 'under their name';
    const alerts: Array<[string, string]> = [
      [posterId, `Your job is now shown ${shown}.`],
      ...applicantIds.filter((id) => id !== posterId).map((id): [string, string] => [id, `The poster of a job you applied to is now shown ${shown}.`]),
    ];
    for (const [memberId, message] of alerts) {
      await writeAlert(em, event, memberId, message, jobConversation(jobId));
    }
  }
}
