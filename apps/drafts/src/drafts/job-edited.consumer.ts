import { randomUUID } from 'node:crypto';

import { type EventEnvelope, jobEditedV1, jobEvalQueue } from '@marketplace/contracts';
import { enqueueWork, type EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { postedDraftOfJobLocked, updateDraft } from './drafts.queries.js';

/**
 * A content edit of a job posted from a draft: the draft's job eval is written again for the new
 * version, off the request path (jobEvalQueue, drafts worker). The newest edit wins: its run
 * replaces any rewrite still pending, and an edit at or below a version already asked for (a
 * redelivery, or an event that arrives late) changes nothing.
 */
@Injectable()
export class DraftsJobEditedConsumer implements EventConsumer<typeof jobEditedV1.payload> {
  readonly name = 'job-edited-drafts';
  readonly event = jobEditedV1;

  async apply(event: EventEnvelope<z.output<typeof jobEditedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, version, contentChanged } = event.payload;
    if (!contentChanged) return;
    const draft = await postedDraftOfJobLocked(em, jobId);
    if (!draft?.posting) return;
    const known = Math.max(draft.jobEval?.version ?? 1, draft.jobEval?.evaluatedVersion ?? 1);
    if (version <= known) return;
    const runId = randomUUID();
    draft.jobEval = {
      version,
      evaluatedVersion: draft.jobEval?.evaluatedVersion ?? 1,
      task: { status: 'pending', step: 'queued', error: null, startedAt: new Date().toISOString(), finishedAt: null, runId },
    };
    draft.updatedAt = new Date();
    await updateDraft(em, draft);
    await enqueueWork(em, jobEvalQueue, { draftId: draft.id, runId });
  }
}
