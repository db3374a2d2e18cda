import { type EventEnvelope, fileCleanupQueue, memberDeletedV1 } from '@marketplace/contracts';
import { enqueueWork, type EventConsumer, forgetAttempts } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { closeMember, deleteMemberFiles } from './closed-members.queries.js';

/**
 * The files part of an account deletion: the member's personal area and the areas of the jobs
 * they posted close (closed: true, writes 409), and every file in them moves to `deleting` with
 * its cleanup queued, which removes the objects, retried until storage lets it. A job area exists
 * here as soon as anyone used its files (job_areas), so no job file escapes. Safe to apply twice.
 */
@Injectable()
export class FilesMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-files';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId } = event.payload;
    if (!/^[0-9a-f-]{36}$/i.test(memberId)) return;
    await closeMember(em, memberId, event.payload.deletedAt);
    const rows = await deleteMemberFiles(em, memberId);
    for (const { id } of rows) await enqueueWork(em, fileCleanupQueue, { fileId: id });
    await forgetAttempts(em, [memberId]);
  }
}
