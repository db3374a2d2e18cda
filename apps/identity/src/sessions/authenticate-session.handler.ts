import { AppError, authenticateSession, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { SessionStore } from './session-store.js';

@Injectable()
export class AuthenticateSessionHandler implements OperationHandler<typeof authenticateSession> {
  readonly operation = authenticateSession;

  constructor(private readonly sessions: SessionStore) {}

  async handle({ token }: InputOf<typeof authenticateSession>): Promise<OutputOf<typeof authenticateSession>> {
    const found = await this.sessions.authenticate(token);
    if (!found) throw AppError.unauthorized('Your session has ended. Sign in again.');
    return { caller: found.caller, expiresAt: found.expiresAt.toISOString(), renewed: found.renewed };
  }
}
