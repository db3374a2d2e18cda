import { endMySessions, endSession, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { SessionStore } from './session-store.js';

@Injectable()
export class EndSessionHandler implements OperationHandler<typeof endSession> {
  readonly operation = endSession;

  constructor(private readonly sessions: SessionStore) {}

  async handle({ token }: InputOf<typeof endSession>): Promise<OutputOf<typeof endSession>> {
    return { ended: await this.sessions.end(token) };
  }
}

/** Sign out everywhere: all of the caller's browser sessions, the current one included. */
@Injectable()
export class EndMySessionsHandler implements OperationHandler<typeof endMySessions> {
  readonly operation = endMySessions;

  constructor(
    private readonly sessions: SessionStore,
    private readonly ds: DataSource,
  ) {}

  async handle(_input: InputOf<typeof endMySessions>, ctx: HandlerContext): Promise<OutputOf<typeof endMySessions>> {
    await countAttempt(this.ds, limitBuckets().accessRevocations, callerOf(ctx).memberId);
    return { ended: await this.sessions.endAll(callerOf(ctx).memberId) };
  }
}
