import { AppError, isUuid } from '@marketplace/contracts';
import { hashBearerToken } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import type { JobDraftEntity } from '../drafts/draft.entity.js';
import { draftByTokenHash } from '../drafts/drafts.queries.js';
import type { RecordingEntity } from './recording.entity.js';
import { recordingOfDraftById } from './recordings.queries.js';

const invalidLink = () => AppError.unauthorized('This record link is invalid, expired or replaced by a newer one, or the draft was posted.');

/** The open draft a live record link belongs to; anything else is 401. */
export async function draftForToken(em: EntityManager, token: string | undefined, lock = false): Promise<JobDraftEntity> {
  if (!token) throw invalidLink();
  const draft = await draftByTokenHash(em, hashBearerToken(token), lock);
  if (!draft || draft.status !== 'open' || !draft.recordingLinkExpiresAt || draft.recordingLinkExpiresAt.getTime() <= Date.now()) {
    throw invalidLink();
  }
  return draft;
}

/** A recording of the link's draft, locked when `lock`; another draft's is 404. */
export async function recordingOfDraft(em: EntityManager, draft: JobDraftEntity, id: string, lock = false): Promise<RecordingEntity> {
  // Kept beside the gate: checkRecordingPart is internal, so the id it passes on from the path was never gated.
  if (!isUuid(id)) throw AppError.notFound('No such recording.');
  const rec = await recordingOfDraftById(em, id.toLowerCase(), draft.id, lock);
  if (!rec) throw AppError.notFound('No such recording.');
  return rec;
}
