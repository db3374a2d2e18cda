import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { memberCardChangedV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';

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
    await em.query(
      `UPDATE posters SET name = $2, headline = $3, photo_url = $4, updated_at = $5
       WHERE member_id = $1 AND updated_at <= $5`,
      [memberId, name, headline, photoUrl, changedAt],
    );
  }
}
