import { type EventEnvelope, memberCardChangedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { updatePosterCard } from './members.queries.js';

/**
 * Keeps the posters card (shown as `postedBy` on jobs) in step with the member's profile. Only
 * members who posted have a card; an older change never overwrites a newer card.
 */
@Injectable()
export class PosterCardChangedConsumer implements EventConsumer<typeof memberCardChangedV1.payload> {
  readonly name = 'member-card-changed-posters';
  readonly event = memberCardChangedV1;

  async apply(event: EventEnvelope<z.output<typeof memberCardChangedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, name, headline, photoUrl, changedAt } = event.payload;
    await updatePosterCard(em, { memberId, name, headline, photoUrl, changedAt });
  }
}
