import {
  AppError,
  deleteJobRecording,
  type DraftRecording,
  getJobRecording,
  type InputOf,
  type OutputOf,
  RECORDING_CHECK_LABELS,
  type RecordingCheck,
  reviewJobRecording,
  reviewRecording,
  videoContentType,
  watchJobRecording,
} from '@marketplace/contracts';
import {
  callerOf,
  countAttempt,
  type HandlerContext,
  limitBuckets,
  LOGGER,
  type Logger,
  ObjectStorage,
  type OperationHandler,
  UnitOfWork,
} from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import type { JobDraftEntity } from '../drafts/draft.entity.js';
import { currentRecording, ownDraft, requireOpen, saveDraft } from '../drafts/draft-store.js';
import type { RecordingEntity } from './recording.entity.js';
import { checksOf, clean, listed, toAcknowledge, uncheckedText } from './recording-checks.js';
import { discardSoon, queueDiscards, storedKeys } from './recording-storage.js';
import { draftForToken, recordingOfDraft } from './recording-token.js';
import { toDraftRecording } from './recording-view.js';
import { deleteRecording, recordingById, updateRecording } from './recordings.queries.js';

type Review = Pick<InputOf<typeof reviewJobRecording>, 'action' | 'acknowledgeFindings' | 'acceptedMoments'>;

const stillChecked = () => AppError.notFound('No checked recording: it is still being checked, or there is none.');

/** The refusal of an approval that needs acknowledging: it names each part not checked, and why. */
function needsAcknowledging(rec: RecordingEntity, checks: RecordingCheck[]): AppError {
  const unchecked = uncheckedText(checks);
  if (!unchecked)
    return AppError.badRequest('Acknowledge the findings to approve this recording.', { acknowledgeFindings: 'Must be true to approve this recording.' });
  const parts = listed(checks.filter((c) => c.state === 'not_checked').map((c) => RECORDING_CHECK_LABELS[c.part]));
  return AppError.badRequest(
    `Not checked: ${unchecked}. Watch the recording, then approve it acknowledging that nothing private shows or is said in it${rec.findings.length ? ', and the findings' : ''}.`,
    { acknowledgeFindings: `Must be true to approve: ${parts} not checked.` },
  );
}

/**
 * The review rules, the same for the poster and the record link: only a checked recording is
 * reviewed; a secret on screen refuses approval; findings or a part not checked need
 * acknowledging, and the approval keeps which parts it acknowledged; accepted moments must be
 * the recording's own.
 */
function approve(rec: RecordingEntity, review: Review): void {
  if (rec.status === 'failed') throw AppError.conflict('The check of this recording failed: delete it and record again.');
  if (rec.findings.some((f) => f.kind === 'secret')) {
    throw AppError.badRequest('A credential is visible in this recording: delete it and record again.', {
      action: 'A recording showing a secret cannot be approved.',
    });
  }
  const checks = checksOf(rec);
  const acknowledging = !clean(checks, rec.findings);
  if (acknowledging && !review.acknowledgeFindings) throw needsAcknowledging(rec, checks);
  const known = new Set(rec.moments.map((m) => m.id));
  const unknown = (review.acceptedMoments ?? []).filter((id) => !known.has(id));
  if (unknown.length) throw AppError.badRequest('Invalid field: acceptedMoments.', { acceptedMoments: `Unknown moment id(s): ${unknown.join(', ')}.` });
  if (review.acceptedMoments) rec.acceptedMoments = [...new Set(review.acceptedMoments)];
  rec.acknowledged = acknowledging ? toAcknowledge(checks) : [];
  rec.approved = true;
  rec.status = 'approved';
  rec.updatedAt = new Date();
}

/** Applies a review to the draft's recording under the draft's lock; keys to remove come back for after the commit. */
async function applyReview(
  em: EntityManager,
  draft: JobDraftEntity,
  rec: RecordingEntity,
  review: Review,
): Promise<{ out: DraftRecording | null; removed: string[] }> {
  if (rec.status === 'uploading' || rec.status === 'analyzing') throw stillChecked();
  if (review.action === 'delete') return { out: null, removed: await removeRecording(em, draft, rec) };
  const before = [...rec.acceptedMoments].sort().join(',');
  approve(rec, review);
  // Accepted moments become requirements of the written posting: a change makes it stale, to be written again.
  if (draft.posting && [...rec.acceptedMoments].sort().join(',') !== before) {
    draft.answersVersion += 1;
    await saveDraft(em, draft);
  }
  return { out: toDraftRecording(await updateRecording(em, rec)), removed: [] };
}

async function removeRecording(em: EntityManager, draft: JobDraftEntity, rec: RecordingEntity): Promise<string[]> {
  await deleteRecording(em, rec.id);
  if (draft.recordingId === rec.id) {
    draft.recordingId = null;
    await saveDraft(em, draft);
  }
  await queueDiscards(em, storedKeys(rec));
  return storedKeys(rec);
}

async function postersRecording(em: EntityManager, draft: JobDraftEntity): Promise<RecordingEntity> {
  const rec = draft.recordingId ? await recordingById(em, draft.recordingId, true) : null;
  if (!rec) throw AppError.notFound('This draft has no recording.');
  return rec;
}

@Injectable()
export class ReviewJobRecordingHandler implements OperationHandler<typeof reviewJobRecording> {
  readonly operation = reviewJobRecording;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
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
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
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
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
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
    const rec = draft.recordingId ? await recordingById(this.ds, draft.recordingId) : null;
    if (!rec?.videoKey) throw AppError.notFound('This draft has no checked recording to watch.');
    return { key: rec.videoKey, contentType: videoContentType(rec.videoKey), cacheControl: 'private, no-store' };
  }
}
