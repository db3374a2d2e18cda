import { createRecordingLink, getMemberContact, getRecordingSession, type InputOf, type OutputOf, RECORDING_LIMITS } from '@marketplace/contracts';
import {
  BusClient,
  callerOf,
  countAttempt,
  type HandlerContext,
  limitBuckets,
  newBearerToken,
  ObjectStorage,
  type OperationHandler,
  publicUrl,
  UnitOfWork,
} from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ownDraft, requireOpen, saveDraft } from '../drafts/draft-store.js';
import { recordingStorageSettings } from './recording-storage.js';
import { draftForToken } from './recording-token.js';
import { toDraftRecording } from './recording-view.js';
import { memberRecordingBytes, recordingById } from './recordings.queries.js';

@Injectable()
export class CreateRecordingLinkHandler implements OperationHandler<typeof createRecordingLink> {
  readonly operation = createRecordingLink;

  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
  ) {}

  async handle(input: InputOf<typeof createRecordingLink>, ctx: HandlerContext): Promise<OutputOf<typeof createRecordingLink>> {
    const caller = callerOf(ctx);
    // Refusals that change nothing come first: unknown or posted draft, then storage, then the limit.
    await this.uow.run(async (em) => requireOpen(await ownDraft(em, input.id, caller.memberId)));
    this.storage.requireConfigured();
    await countAttempt(this.ds, limitBuckets().recordingLinks, caller.memberId);
    const { token, hash } = newBearerToken();
    const expiresAt = new Date(Date.now() + RECORDING_LIMITS.linkMinutes * 60_000);
    await this.uow.run(async (em) => {
      const draft = await ownDraft(em, input.id, caller.memberId, true);
      requireOpen(draft);
      // One live link per draft: storing the new hash is what revokes every older link.
      draft.recordingTokenHash = hash;
      draft.recordingLinkExpiresAt = expiresAt;
      await saveDraft(em, draft);
    });
    // The token travels in the fragment, which browsers never send to a server or a Referer.
    const path = `/record#${token}`;
    return { path, url: `${publicUrl()}${path}`, expiresAt: expiresAt.toISOString() };
  }
}

@Injectable()
export class GetRecordingSessionHandler implements OperationHandler<typeof getRecordingSession> {
  readonly operation = getRecordingSession;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof getRecordingSession>, ctx: HandlerContext): Promise<OutputOf<typeof getRecordingSession>> {
    const draft = await draftForToken(this.ds.manager, input.recordingToken);
    const [contact, current, usedBytes] = await Promise.all([
      this.bus.call(getMemberContact, { memberId: draft.memberId }, ctx),
      draft.recordingId ? recordingById(this.ds, draft.recordingId) : null,
      memberRecordingBytes(this.ds, draft.memberId),
    ]);
    const title = draft.posting?.title ?? null;
    return {
      draftId: draft.id,
      posterName: contact.name,
      title,
      needs: current
        ? 'This draft already has a recording; a new one replaces it once complete.'
        : `Record your screen while you show the problem${title ? ` behind "${title}"` : ''} and talk it through (up to ${RECORDING_LIMITS.seconds / 60} minutes).`,
      expiresAt: draft.recordingLinkExpiresAt!.toISOString(),
      recording: current ? toDraftRecording(current) : null,
      limits: {
        seconds: RECORDING_LIMITS.seconds,
        partBytes: RECORDING_LIMITS.partBytes,
        parts: RECORDING_LIMITS.parts,
        bytes: RECORDING_LIMITS.bytes,
        acceptedMoments: RECORDING_LIMITS.acceptedMoments,
        quotaBytes: recordingStorageSettings().quotaBytes,
        usedBytes,
      },
    };
  }
}
