import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, authenticateOAuth, type InputOf, type OutputOf, isUuid } from '@marketplace/contracts';
import { budgetOf, counterAttemptSql, enforceCounter, limitBuckets, preparedQuery, type CounterRow, type OperationHandler } from '@marketplace/service-kit';
import { CallerStanding, STANDING_COLUMNS, type StandingRow } from '../admission/caller-standing.js';

const bucket = () => limitBuckets().oauthRequests;
// Per `<memberId>:<clientId>`, the member first so that account deletion forgets the counts.
const COUNT_SQL = counterAttemptSql({ bucket: '$4', subject: "(g.member_id::text || ':' || $2::text)", seconds: '$5', from: 'g' });

interface Row extends StandingRow, CounterRow { last_used_at: Date | null }

/**
 * One statement per MCP request: the grant must still exist (disconnecting deletes it, so access
 * tokens already issued stop working at once) and belong to this member and client; the request
 * is counted in the same statement against the kit's oauth_requests counter (per member and
 * client, per clock minute, like API keys), so an agent over the limit gets 429 with Retry-After.
 */
@Injectable()
export class AuthenticateOAuthHandler implements OperationHandler<typeof authenticateOAuth> {
  readonly operation = authenticateOAuth;

  constructor(private readonly ds: DataSource, private readonly standing: CallerStanding) {}

  async handle({ grantId, clientId, memberId, scopes }: InputOf<typeof authenticateOAuth>): Promise<OutputOf<typeof authenticateOAuth>> {
    if (!isUuid(memberId)) throw AppError.unauthorized('The access token is no longer valid; connect the agent again.');
    const rows = await preparedQuery<Row>(this.ds,
      `WITH g AS (
         SELECT m.id AS member_id, ${STANDING_COLUMNS}, a.last_used_at
         FROM oauth_records o
         JOIN members m ON m.id = $3::uuid
         LEFT JOIN connected_agents a ON a.member_id = m.id AND a.client_id = $2
         WHERE o.model = 'Grant' AND o.id = $1 AND (o.expires_at IS NULL OR o.expires_at > now())
           AND o.payload->>'clientId' = $2 AND o.payload->>'accountId' = $3::text AND m.deleted_at IS NULL
       ), u AS (${COUNT_SQL})
       SELECT g.*, u.count, u.reset FROM g, u`,
      [grantId, clientId, memberId, bucket().name, bucket().window.seconds],
    );
    const row = rows[0];
    if (!row) throw AppError.unauthorized('The access token is no longer valid; connect the agent again.');
    enforceCounter(bucket(), row);
    // Last use is shown to the member; minute precision is enough and spares a write per call.
    if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
      void this.ds.query(
        'UPDATE connected_agents SET last_used_at = now() WHERE member_id = $1::uuid AND client_id = $2', [memberId, clientId],
      ).catch(() => undefined);
    }
    return { memberId, via: 'oauth', clientId, scopes, ...(await this.standing.of(memberId, row)), budget: budgetOf(bucket(), row) };
  }
}
