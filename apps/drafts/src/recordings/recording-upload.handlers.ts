import { randomUUID } from 'node:crypto';

import {
  AppError,
  checkRecordingPart,
  completeRecording,
  getRecording,
  type InputOf,
  type OutputOf,
  RECORDING_LIMITS,
  recordingAnalysisQueue,
  startRecording,
  uploadRecordingPart,
} from '@marketplace/contracts';
import { countAttempt, enqueueWork, limitBuckets, LOGGER, type Logger, ObjectStorage, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { saveDraft } from '../drafts/draft-store.js';
import type { RecordingEntity } from './recording.entity.js';
import { statedSeconds } from './recording-stated-length.js';
import { discardSoon, queueDiscards, requireRoom, requireWithinRecording, storedKeys } from './recording-storage.js';
import { draftForToken, recordingOfDraft } from './recording-token.js';
import { toDraftRecording } from './recording-view.js';
import { deleteRecording, insertRecording, recordingById, updateRecording } from './recordings.queries.js';
import { lengthRefusal } from './screen-check/recording-length.js';

const notUploading = () => AppError.conflict('This recording is already complete; start a new one to record again.');

@Injectable()
export class StartRecordingHandler implements OperationHandler<typeof startRecording> {
  readonly operation = startRecording;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
  ) {}

  async handle(input: InputOf<typeof startRecording>): Promise<OutputOf<typeof startRecording>> {
    const rec = await this.uow.run(async (em) => {
      const draft = await draftForToken(em, input.recordingToken);
      this.storage.requireConfigured();
      const now = new Date();
      return insertRecording(em, {
        id: randomUUID(),
        draftId: draft.id,
        memberId: draft.memberId,
        status: 'uploading',
        webcam: input.webcam,
        seconds: 0,
        parts: [],
        videoKey: null,
        analyzed: false,
        summary: null,
        transcript: null,
        findings: [],
        moments: [],
        acceptedMoments: [],
        checks: null,
        approved: false,
        acknowledged: [],
        createdAt: now,
        updatedAt: now,
      });
    });
    return toDraftRecording(rec);
  }
}

/**
 * One part, in recording order, as MediaRecorder hands it over. The gateway staged the bytes and
 * hashed them on the way; the part keeps that object (adopted, not copied). Sending a part again
 * with the same bytes is safe (a retry after a lost answer); other bytes for a part already in are 409.
 */
@Injectable()
export class UploadRecordingPartHandler implements OperationHandler<typeof uploadRecordingPart> {
  readonly operation = uploadRecordingPart;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(input: InputOf<typeof uploadRecordingPart>): Promise<OutputOf<typeof uploadRecordingPart>> {
    const sha256 = input.sha256.toLowerCase();
    if (input.part.size === 0) throw AppError.badRequest('Invalid field: part.', { part: 'A part holds at least one byte.' });
    if (input.part.sha256 && input.part.sha256 !== sha256) {
      throw AppError.conflict(`The part's sha256 does not match its bytes; send part ${input.index} again.`, { sha256: 'Does not match the bytes.' });
    }
    let replaced: string | null = null;
    const rec = await this.uow.run(async (em) => {
      const draft = await draftForToken(em, input.recordingToken);
      const row = await recordingOfDraft(em, draft, input.id, true);
      if (row.status !== 'uploading') throw notUploading();
      const existing = row.parts.find((p) => p.index === input.index);
      if (existing && existing.sha256 !== sha256) {
        throw AppError.conflict(`Part ${input.index} is already uploaded with other bytes.`, { index: 'Already uploaded.' });
      }
      replaced = existing?.key ?? null;
      requireWithinRecording(row.parts, input.index, input.part.size);
      await requireRoom(em, row.memberId, row.id, input.index, input.part.size);
      if (replaced && replaced !== input.part.key) await queueDiscards(em, [replaced]);
      row.parts = [...row.parts.filter((p) => p.index !== input.index), { index: input.index, size: input.part.size, sha256, key: input.part.key }].sort(
        (a, b) => a.index - b.index,
      );
      row.updatedAt = new Date();
      return updateRecording(em, row);
    });
    if (replaced && replaced !== input.part.key) discardSoon(this.ds, this.storage, this.logger, [replaced]);
    return { recording: toDraftRecording(rec), index: input.index };
  }
}

/**
 * Completes a recording: every part from 0 to parts - 1 must be in (409 naming the first missing
 * one), they must add up to the declared size (400), and a header stating more than ten minutes,
 * whatever `seconds` declared, is refused (400). It then replaces the draft's earlier
 * recording and is queued for the background check in the same transaction.
 */
@Injectable()
export class CompleteRecordingHandler implements OperationHandler<typeof completeRecording> {
  readonly operation = completeRecording;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(input: InputOf<typeof completeRecording>): Promise<OutputOf<typeof completeRecording>> {
    await this.refuseStatedLength(input);
    let previous: RecordingEntity | null = null;
    const rec = await this.uow.run(async (em) => {
      const draft = await draftForToken(em, input.recordingToken, true);
      const row = await recordingOfDraft(em, draft, input.id, true);
      if (row.status !== 'uploading') throw notUploading();
      const missing = Array.from({ length: input.parts }, (_, i) => i).find((i) => !row.parts.some((p) => p.index === i));
      if (missing !== undefined) throw AppError.conflict(`Part ${missing} is missing; send it, then complete again.`, { parts: `Part ${missing} is missing.` });
      if (row.parts.length > input.parts) {
        throw AppError.badRequest('Invalid field: parts.', { parts: `${row.parts.length} parts were sent, not ${input.parts}.` });
      }
      const total = row.parts.reduce((sum, p) => sum + p.size, 0);
      if (total !== input.size) {
        throw AppError.badRequest('Invalid field: size.', { size: `The parts add up to ${total} bytes, not ${input.size}.` });
      }
      await countAttempt(em, limitBuckets().completedRecordings, draft.memberId);
      row.status = 'analyzing';
      row.seconds = input.seconds;
      row.updatedAt = new Date();
      if (draft.recordingId && draft.recordingId !== row.id) {
        previous = await recordingById(em, draft.recordingId);
        if (previous) {
          await deleteRecording(em, previous.id);
          await queueDiscards(em, storedKeys(previous));
        }
      }
      draft.recordingId = row.id;
      await saveDraft(em, draft);
      await enqueueWork(em, recordingAnalysisQueue, { recordingId: row.id });
      return updateRecording(em, row);
    });
    const replaced = previous as RecordingEntity | null;
    if (replaced) discardSoon(this.ds, this.storage, this.logger, storedKeys(replaced));
    return toDraftRecording(rec);
  }

  /**
   * Read before the row is locked, as ffmpeg takes a moment: what the first part's header states is
   * known now, so a recording that says it is too long is not queued to be refused later.
   */
  private async refuseStatedLength(input: InputOf<typeof completeRecording>): Promise<void> {
    const draft = await draftForToken(this.ds.manager, input.recordingToken);
    const row = await recordingOfDraft(this.ds.manager, draft, input.id);
    const first = row.parts.find((p) => p.index === 0);
    if (row.status !== 'uploading' || !first) return;
    const stated = await statedSeconds(this.storage, first.key, AbortSignal.timeout(10_000));
    const refusal = lengthRefusal(stated, RECORDING_LIMITS.seconds);
    if (refusal) {
      throw AppError.badRequest(`This recording is refused: ${refusal}. Record one of ${RECORDING_LIMITS.seconds / 60} minutes or less.`, {
        seconds: `The video lasts ${Math.round(stated ?? 0)} seconds; a recording lasts up to ${RECORDING_LIMITS.seconds}.`,
      });
    }
  }
}

@Injectable()
export class GetRecordingHandler implements OperationHandler<typeof getRecording> {
  readonly operation = getRecording;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof getRecording>): Promise<OutputOf<typeof getRecording>> {
    const draft = await draftForToken(this.ds.manager, input.recordingToken);
    return toDraftRecording(await recordingOfDraft(this.ds.manager, draft, input.id));
  }
}

/**
 * Asked by the gateway before it reads a part's body: a live link, a recording of its draft still
 * uploading, and room in the member's quota for the declared size. The upload checks all of it
 * again when it adopts the part; this only keeps refused bytes out of storage.
 */
@Injectable()
export class CheckRecordingPartHandler implements OperationHandler<typeof checkRecordingPart> {
  readonly operation = checkRecordingPart;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof checkRecordingPart>): Promise<OutputOf<typeof checkRecordingPart>> {
    return this.uow.run(async (em) => {
      const draft = await draftForToken(em, input.recordingToken);
      const row = await recordingOfDraft(em, draft, input.id);
      if (row.status !== 'uploading') throw notUploading();
      const existing = row.parts.find((p) => p.index === input.index);
      if (existing && existing.sha256 !== input.sha256.toLowerCase()) {
        throw AppError.conflict(`Part ${input.index} is already uploaded with other bytes.`, { index: 'Already uploaded.' });
      }
      if (input.bytes !== undefined) {
        requireWithinRecording(row.parts, input.index, input.bytes);
        await requireRoom(em, row.memberId, row.id, input.index, input.bytes);
      }
      return { accepted: true as const };
    });
  }
}
