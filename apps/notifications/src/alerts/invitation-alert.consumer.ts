import { type EventEnvelope, invitationAcceptedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { invitationsConversation, writeAlert } from './write-alert.js';

/** The inviter hears that someone joined with their invitation (each join counts once). */
@Injectable()
export class InvitationAcceptedAlertConsumer implements EventConsumer<typeof invitationAcceptedV1.payload> {
  readonly name = 'invitation-accepted-alert';
  readonly event = invitationAcceptedV1;

  async apply(event: EventEnvelope<z.output<typeof invitationAcceptedV1.payload>>, em: EntityManager): Promise<void> {
    const { inviterId, memberId } = event.payload;
    if (inviterId === memberId) return;
    await writeAlert(em, event, inviterId, 'Someone joined the marketplace with your invitation.', invitationsConversation());
  }
}
