import { type EventEnvelope, memberCardChangedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { updateApplicantCard } from './applicants.queries.js';

/**
 * Keeps the applicant card on applications (shown on public applicant lists) in step with the
 * member's public card, so a profile removed by moderators loses its headline and photo there too.
 */
@Injectable()
export class ApplicantCardChangedConsumer implements EventConsumer<typeof memberCardChangedV1.payload> {
  readonly name = 'member-card-changed-applicants';
  readonly event = memberCardChangedV1;

  async apply(event: EventEnvelope<z.output<typeof memberCardChangedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, name, headline, photoUrl } = event.payload;
    await updateApplicantCard(em, memberId, { name, headline, photoUrl });
  }
}
