import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, deleteJobRecording, getJobRecording, reviewJobRecording, reviewRecording, videoContentType, watchJobRecording, type DraftRecording, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  callerOf, LOGGER, ObjectStorage, UnitOfWork, type HandlerContext, type Logger, type OperationHandler, countAttempt, limitBuckets,
} from '@marketplace/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { JobDraftEntity } from '../drafts/draft.entity.js';
import { currentRecording, ownDraft, requireOpen, saveDraft } from '../drafts/draft-store.js';
import { RecordingEntity } from './recording.entity.js';
import { draftForToken, recordingOfDraft } from './recording-token.js';
import { discardSoon, queueDiscards, storedKeys } from './recording-storage.js';
import { toDraftRecording } from './recording-view.js';

type Review = Pick<InputOf<typeof reviewJobRecording>, 'action' | 'acknowledgeFindings' | 'acceptedMoments'>;

const stillChecked = () => AppError.notFound('No checked recording: it is still being checked, or there is none.');

/**
 * The review rules, the same for the poster and the record link: only a checked recording is
 * reviewed; a secret on screen refuses approval; findings or an unchecked recording need
 * acknowledging; accepted moments must be the recording's own.
 */
function approve(rec: RecordingEntity, review: Review): void {
  if (rec.status === 'failed') throw AppError.conflict('The check of this recording failed: delete it and record again.');
  if (rec.findings.some((f) => f.kind === 'secret')) {
    throw AppError.badRequest('A credential is visible in this recording: delete it and record again.', { action: 'A recording showing a secret cannot be approved.' });
  }
  if ((!rec.analyzed || rec.findings.length > 0) && !review.acknowledgeFindings) {
    throw AppError.badRequest(rec.analyzed ? 'Acknowledge the findings to approve this recording.' : 'No model checked this recording: watch it, then acknowledge that to approve it.', {
      acknowledgeFindings: 'Must be true to approve this recording.',
    });
  }
  const known = new Set(rec.moments.map((m) => m.id));
  const unknown = (review.acceptedMoments ?? []).filter((id) => !known.has(id));
  if (unknown.length) throw AppError.badRequest('Invalid field: acceptedMoments.', { acceptedMoments: `Unknown moment id(s): ${unknown.join(', ')}.` });
  if (review.acceptedMoments) rec.acceptedMoments = [...new Set(review.acceptedMoments)];
  rec.approved = true;
  rec.status = 'approved';
  rec.updatedAt = new Date();
}

/** Applies a review to the draft's recording under the draft's lock; keys to remove come back for after the commit. */
async function applyReview(em: EntityManager, draft: JobDraftEntity, rec: RecordingEntity, review: Review): Promise<{ out: DraftRecording | null; removed: string[] }> {
  if (rec.status === 'uploading' || rec.status === 'analyzing') throw stillChecked();
  if (review.action === 'delete') return { out: null, removed: await removeRecording(em, draft, rec) };
  approve(rec, review);
  return { out: toDraftRecording(await em.getRepository(RecordingEntity).save(rec)), removed: [] };
}

async function removeRecording(em: EntityManager, draft: JobDraftEntity, rec: RecordingEntity): Promise<string[]> {
  await em.getRepository(RecordingEntity).delete({ id: rec.id });
  if (draft.recordingId === rec.id) {
    draft.recordingId = null;
    await saveDraft(em, draft);
  }
  await queueDiscards(em, storedKeys(rec));
  return storedKeys(rec);
}

async function postersRecording(em: EntityManager, draft: JobDraftEntity): Promise<RecordingEntity> {
  const rec = draft.recordingId ? await em.getRepository(RecordingEntity).findOne({ where: { id: draft.recordingId }, lock: { mode: 'pessimistic_write' } }) : null;
  if (!rec) throw AppError.notFound('This draft has no recording.');
  return rec;
}

@Injectable()
export class ReviewJobRecordingHandler implements OperationHandler<typeof reviewJobRecording> {
  readonly operation = reviewJobRecording;

  constructor(
    private readonly ds: DataSource, private readonly uow: UnitOfWork, private readonly storage: ObjectStorage, @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(input: InputOf<typeof reviewJobRecording>, ctx: HandlerContext): Promise<OutputOf<typeof reviewJobRecording>> {
    await countAttempt(this.ds, limitBuckets().draftChanges, callerOf(ctx).memberId);
    const caller = callerOf(ctx);
    const { out, removed } = await this.uow.run(async (em) => {
      const draft = await ownDraft(em, input.id, caller.memberId, true);
      requireOpen(draft);
      return applyReview(em, draft, await postersRecording(em, draft), input);
    });
    discardSoon(this.ds, this.storage, this.logger, removed);
    return out;
  }
}

@Injectable()
export class DeleteJobRecordingHandler implements OperationHandler<typeof deleteJobRecording> {
  readonly operation = deleteJobRecording;

  constructor(
    private readonly ds: DataSource, private readonly uow: UnitOfWork, private readonly storage: ObjectStorage, @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(input: InputOf<typeof deleteJobRecording>, ctx: HandlerContext): Promise<OutputOf<typeof deleteJobRecording>> {
    await countAttempt(this.ds, limitBuckets().draftChanges, callerOf(ctx).memberId);
    const caller = callerOf(ctx);
    const removed = await this.uow.run(async (em) => {
      const draft = await ownDraft(em, input.id, caller.memberId, true);
      requireOpen(draft);
      return removeRecording(em, draft, await postersRecording(em, draft));
    });
    discardSoon(this.ds, this.storage, this.logger, removed);
    return { deleted: true };
  }
}

@Injectable()
export class ReviewRecordingHandler implements OperationHandler<typeof reviewRecording> {
  readonly operation = reviewRecording;

  constructor(
    private readonly ds: DataSource, private readonly uow: UnitOfWork, private readonly storage: ObjectStorage, @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(input: InputOf<typeof reviewRecording>): Promise<OutputOf<typeof reviewRecording>> {
    const { out, removed } = await this.uow.run(async (em) => {
      const draft = await draftForToken(em, input.recordingToken, true);
      return applyReview(em, draft, await recordingOfDraft(em, draft, input.id, true), input);
    });
    discardSoon(this.ds, this.storage, this.logger, removed);
    return out;
  }
}

/** The draft's recording as its JobDraft shows it: what an agent follows while it is checked. */
@Injectable()
export class GetJobRecordingHandler implements OperationHandler<typeof getJobRecording> {
  readonly operation = getJobRecording;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof getJobRecording>, ctx: HandlerContext): Promise<OutputOf<typeof getJobRecording>> {
    const draft = await ownDraft(this.ds.manager, input.id, callerOf(ctx).memberId);
    const rec = await currentRecording(this.ds.manager, draft);
    return rec ? toDraftRecording(rec) : null;
  }
}

@Injectable()
export class WatchJobRecordingHandler implements OperationHandler<typeof watchJobRecording> {
  readonly operation = watchJobRecording;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof watchJobRecording>, ctx: HandlerContext): Promise<OutputOf<typeof watchJobRecording>> {
    const draft = await ownDraft(this.ds.manager, input.id, callerOf(ctx).memberId);
    const rec = draft.recordingId ? await this.ds.getRepository(RecordingEntity).findOneBy({ id: draft.recordingId }) : null;
    if (!rec?.videoKey) throw AppError.notFound('This draft has no checked recording to watch.');
    return { key: rec.videoKey, contentType: videoContentType(rec.videoKey), cacheControl: 'private, no-store' };
  }
}
