import { type EventEnvelope, memberDeletedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { forgetMemberSubmissions } from './account.queries.js';

/**
 * A deleted account takes what the member sent to staff with it: help requests (with staff replies), problem reports,
 * feature requests and content reports. A report whose removal still stands is kept without its
 * free text, because staff restore an appeal through it; the audit log is never touched.
 */
@Injectable()
export class MemberDeletedAdminConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-admin';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId } = event.payload;
    await forgetMemberSubmissions(em, memberId);
  }
}
