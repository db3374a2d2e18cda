import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { fileCleanupQueue, memberDeletedV1, type EventEnvelope } from '@marketplace/contracts';
import { enqueueWork, forgetAttempts, type EventConsumer } from '@marketplace/service-kit';

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
    await em.query('INSERT INTO closed_members (member_id, closed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [memberId, event.payload.deletedAt]);
    const [rows] = (await em.query(
      `UPDATE files SET status = 'deleting'
       WHERE status <> 'deleting' AND (
         (area = 'personal' AND owner_id = $1)
         OR (area = 'job' AND owner_id IN (SELECT job_id FROM job_areas WHERE poster_id = $1)))
       RETURNING id`,
      [memberId])) as [{ id: string }[], number];
    for (const { id } of rows) await enqueueWork(em, fileCleanupQueue, { fileId: id });
    await forgetAttempts(em, [memberId]);
  }
}
