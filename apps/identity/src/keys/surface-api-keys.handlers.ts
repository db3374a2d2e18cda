import { createCandidateApiKey, createTeamApiKey, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { requireManager, requireMembership } from '../teams/team-view.js';
import { createKey } from './my-api-keys.handlers.js';

/** Company settings: a team key, made by an owner or admin, acting as them within the team. */
@Injectable()
export class CreateTeamApiKeyHandler implements OperationHandler<typeof createTeamApiKey> {
  readonly operation = createTeamApiKey;

  constructor(private readonly ds: DataSource) {}

  async handle({ name }: InputOf<typeof createTeamApiKey>, ctx: HandlerContext): Promise<OutputOf<typeof createTeamApiKey>> {
    await countAttempt(this.ds, limitBuckets().apiKeys, callerOf(ctx).memberId);
    const caller = callerOf(ctx);
    requireManager(await requireMembership(this.ds.manager, caller.memberId));
    return createKey(this.ds, caller, name, 'team');
  }
}

/** A candidate's key: the shared paths answer it with the team surface (the board, team applications). */
@Injectable()
export class CreateCandidateApiKeyHandler implements OperationHandler<typeof createCandidateApiKey> {
  readonly operation = createCandidateApiKey;

  constructor(private readonly ds: DataSource) {}

  async handle({ name }: InputOf<typeof createCandidateApiKey>, ctx: HandlerContext): Promise<OutputOf<typeof createCandidateApiKey>> {
    await countAttempt(this.ds, limitBuckets().apiKeys, callerOf(ctx).memberId);
    return createKey(this.ds, callerOf(ctx), name, 'candidate');
  }
}
