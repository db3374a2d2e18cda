import { type EventEnvelope, memberReinstatedV1, memberSuspendedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { hideForSuspension, showAfterSuspension } from './members.queries.js';

/**
 * A suspended member's open jobs leave the board through the staff hiding every public read
 * already honours (safety_hidden); `suspension_hidden` remembers which ones the suspension hid.
 * Both consumers are idempotent, so a redelivered event changes nothing more.
 */
@Injectable()
export class MemberSuspendedJobsConsumer implements EventConsumer<typeof memberSuspendedV1.payload> {
  readonly name = 'member-suspended-jobs';
  readonly event = memberSuspendedV1;

  async apply(event: EventEnvelope<z.output<typeof memberSuspendedV1.payload>>, em: EntityManager): Promise<void> {
    await hideForSuspension(em, event.payload.memberId);
  }
}

/** Lifting shows again only what the suspension hid; a job that closed or expired meanwhile stays off the board by its state. */
@Injectable()
export class MemberReinstatedJobsConsumer implements EventConsumer<typeof memberReinstatedV1.payload> {
  readonly name = 'member-reinstated-jobs';
  readonly event = memberReinstatedV1;

  async apply(event: EventEnvelope<z.output<typeof memberReinstatedV1.payload>>, em: EntityManager): Promise<void> {
    await showAfterSuspension(em, event.payload.memberId);
  }
}
