import { randomUUID } from 'node:crypto';

import { AppError, draftTaskQueue } from '@marketplace/contracts';
import { callerOf, enqueueWork, type HandlerContext, type UnitOfWork } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import type { RecordingEntity } from '../recordings/recording.entity.js';
import { recordingById } from '../recordings/recordings.queries.js';
import type { DraftTaskName, JobDraftEntity } from './draft.entity.js';
import { toJobDraft } from './draft-view.js';
import { draftOfMember, updateDraft } from './drafts.queries.js';

/**
 * The caller's draft, locked for the rest of the transaction when `lock`. Someone else's draft
 * and a discarded one read as 404, as an id that cannot exist does at the gate, so ids reveal nothing.
 */
export async function ownDraft(em: EntityManager, id: string, memberId: string, lock = false): Promise<JobDraftEntity> {
  const draft = await draftOfMember(em, id.toLowerCase(), memberId, lock);
  if (!draft || draft.status === 'discarded') throw AppError.notFound('No such draft.');
  return draft;
}

export function requireOpen(draft: JobDraftEntity): void {
  if (draft.status === 'posted') throw AppError.conflict('This draft was already posted.');
}

/**
 * Marks a task pending under a fresh run id and queues it in the same transaction: the worker
 * writes its result only while the draft still waits for that run, so a superseded or repeated
 * run writes nothing.
 */
export async function startTask(em: EntityManager, draft: JobDraftEntity, task: DraftTaskName): Promise<void> {
  const runId = randomUUID();
  draft.tasks = {
    ...draft.tasks,
    [task]: {
      status: 'pending',
      step: 'queued',
      error: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      runId,
      ...(task === 'writing' ? { answersVersion: draft.answersVersion } : {}),
    },
  };
  await enqueueWork(em, draftTaskQueue, { draftId: draft.id, task, runId });
}

/** The draft's completed recording, for its JobDraft view. */
export async function currentRecording(em: EntityManager, draft: JobDraftEntity): Promise<RecordingEntity | null> {
  return draft.recordingId ? recordingById(em, draft.recordingId) : null;
}

export async function saveDraft(em: EntityManager, draft: JobDraftEntity): Promise<JobDraftEntity> {
  draft.updatedAt = new Date();
  return updateDraft(em, draft);
}

/**
 * The shape of every change to a draft: the caller's open draft, locked; `change` checks and edits
 * it (throwing leaves it untouched); then it is saved and answered as the contract's JobDraft.
 */
export async function changeOwnDraft(
  uow: UnitOfWork,
  id: string,
  ctx: HandlerContext,
  change: (draft: JobDraftEntity, em: EntityManager) => Promise<void> | void,
): Promise<ReturnType<typeof toJobDraft>> {
  const caller = callerOf(ctx);
  const [saved, recording] = await uow.run(async (em) => {
    const draft = await ownDraft(em, id, caller.memberId, true);
    requireOpen(draft);
    await change(draft, em);
    return [await saveDraft(em, draft), await currentRecording(em, draft)] as const;
  });
  return toJobDraft(saved, ctx.surface, recording);
}
