import {
  AppError,
  type candidateSchema,
  getCandidate,
  getCandidateVerification,
  type InputOf,
  type OutputOf,
  saveCandidateProfile,
  startCandidateVerification,
  type US_STATES,
} from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';

import { candidate, saveCandidate } from './team.queries.js';

async function candidateOf(ds: DataSource, memberId: string): Promise<z.input<typeof candidateSchema>> {
  const row = await candidate(ds, memberId);
  return {
    id: memberId,
    profile: row ? { state: row.state as (typeof US_STATES)[number], usWorkAuthorized: true, updatedAt: row.updated_at.toISOString() } : null,
  };
}

@Injectable()
export class GetCandidateHandler implements OperationHandler<typeof getCandidate> {
  readonly operation = getCandidate;

  constructor(private readonly ds: DataSource) {}

  handle(_input: InputOf<typeof getCandidate>, ctx: HandlerContext): Promise<OutputOf<typeof getCandidate>> {
    return candidateOf(this.ds, callerOf(ctx).memberId);
  }
}

@Injectable()
export class SaveCandidateProfileHandler implements OperationHandler<typeof saveCandidateProfile> {
  readonly operation = saveCandidateProfile;

  constructor(private readonly ds: DataSource) {}

  async handle({ state }: InputOf<typeof saveCandidateProfile>, ctx: HandlerContext): Promise<OutputOf<typeof saveCandidateProfile>> {
    await countAttempt(this.ds, limitBuckets().candidateProfiles, callerOf(ctx).memberId);
    const memberId = callerOf(ctx).memberId;
    await saveCandidate(this.ds, memberId, state);
    return candidateOf(this.ds, memberId);
  }
}

/** Background checks are disabled (contract: "Payments, quotes, listing fees and background checks"). */
@Injectable()
export class GetCandidateVerificationHandler implements OperationHandler<typeof getCandidateVerification> {
  readonly operation = getCandidateVerification;

  handle(): Promise<OutputOf<typeof getCandidateVerification>> {
    return Promise.resolve({ status: 'unavailable' });
  }
}

/**
 * The contract answers this route 503 whatever the caller has saved: with no verification provider
 * there is nothing to start, so a saved profile would not change the answer.
 */
@Injectable()
export class StartCandidateVerificationHandler implements OperationHandler<typeof startCandidateVerification> {
  readonly operation = startCandidateVerification;

  handle(): Promise<OutputOf<typeof startCandidateVerification>> {
    return Promise.reject(AppError.unavailable('Candidate verification is unavailable: background checks are disabled.'));
  }
}
