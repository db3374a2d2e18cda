import { Injectable } from '@nestjs/common';
import { endSession, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { SessionStore } from './session-store.js';

@Injectable()
export class EndSessionHandler implements OperationHandler<typeof endSession> {
  readonly operation = endSession;

  constructor(private readonly sessions: SessionStore) {}

  async handle({ token }: InputOf<typeof endSession>): Promise<OutputOf<typeof endSession>> {
    return { ended: await this.sessions.end(token) };
  }
}
