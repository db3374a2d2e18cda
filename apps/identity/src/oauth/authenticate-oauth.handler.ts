import { AppError, authenticateOAuth, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import { budgetOf, enforceCounter, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { CallerStanding } from '../admission/caller-standing.js';
import { authenticateGrant, touchConnectedAgent } from './oauth.queries.js';

const bucket = () => limitBuckets().oauthRequests;

/**
 * One statement per MCP request: the grant must still exist (disconnecting deletes it, so access
 * tokens already issued stop working at once) and belong to this member and client; the request
 * is counted in the same statement against the kit's oauth_requests counter (per member and
 * client, per clock minute, like API keys), so an agent over the limit gets 429 with Retry-After.
 */
@Injectable()
export class AuthenticateOAuthHandler implements OperationHandler<typeof authenticateOAuth> {
  readonly operation = authenticateOAuth;

  constructor(
    private readonly ds: DataSource,
    private readonly standing: CallerStanding,
  ) {}

  async handle({ grantId, clientId, memberId, scopes }: InputOf<typeof authenticateOAuth>): Promise<OutputOf<typeof authenticateOAuth>> {
    if (!isUuid(memberId)) throw AppError.unauthorized('The access token is no longer valid; connect the agent again.');
    const rows = await authenticateGrant(this.ds, { grantId, clientId, memberId }, bucket().name, bucket().window.seconds);
    const row = rows[0];
    if (!row) throw AppError.unauthorized('The access token is no longer valid; connect the agent again.');
    enforceCounter(bucket(), row);
    // Last use is shown to the member; minute precision is enough and spares a write per call.
    if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
      void touchConnectedAgent(this.ds, memberId, clientId).catch(() => undefined);
    }
    return { memberId, via: 'oauth', clientId, scopes, ...(await this.standing.of(memberId, row)), budget: budgetOf(bucket(), row) };
  }
}
