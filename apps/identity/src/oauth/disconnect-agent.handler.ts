import { AppError, disconnectAgent, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { deleteConnectedAgent, deleteGrants, forgetClientInSessions, grantIdsOf } from './oauth.queries.js';

/**
 * Removes consent (the member's grants to the client), everything issued under those grants
 * (codes, refresh tokens) and the client's place in the member's sign-in sessions, in one
 * transaction. Access tokens already issued stop working because MCP checks the grant per request.
 */
@Injectable()
export class DisconnectAgentHandler implements OperationHandler<typeof disconnectAgent> {
  readonly operation = disconnectAgent;

  constructor(private readonly ds: DataSource) {}

  async handle({ clientId }: InputOf<typeof disconnectAgent>, ctx: HandlerContext): Promise<OutputOf<typeof disconnectAgent>> {
    const { memberId } = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets().accessRevocations, memberId);
    const found = await this.ds.transaction(async (em) => {
      const ids = await grantIdsOf(em, memberId, clientId);
      await deleteGrants(em, ids);
      await forgetClientInSessions(em, memberId, clientId);
      const removed = await deleteConnectedAgent(em, memberId, clientId);
      return ids.length > 0 || removed > 0;
    });
    if (!found) throw AppError.notFound('No connected agent with that client id.');
    return { clientId, disconnected: true };
  }
}
