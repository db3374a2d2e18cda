import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, authenticateOAuth, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { CallerStanding, STANDING_COLUMNS, type StandingRow } from '../admission/caller-standing.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Row extends StandingRow { last_used_at: Date | null }

/**
 * One indexed read per MCP request: the grant must still exist (disconnecting deletes it, so
 * access tokens already issued stop working at once) and belong to this member and client.
 */
@Injectable()
export class AuthenticateOAuthHandler implements OperationHandler<typeof authenticateOAuth> {
  readonly operation = authenticateOAuth;

  constructor(private readonly ds: DataSource, private readonly standing: CallerStanding) {}

  async handle({ grantId, clientId, memberId, scopes }: InputOf<typeof authenticateOAuth>): Promise<OutputOf<typeof authenticateOAuth>> {
    if (!UUID.test(memberId)) throw AppError.unauthorized('The access token is no longer valid; connect the agent again.');
    const rows: Row[] = await this.ds.query(
      `SELECT ${STANDING_COLUMNS}, a.last_used_at
       FROM oauth_records g
       JOIN members m ON m.id = $3::uuid
       LEFT JOIN connected_agents a ON a.member_id = m.id AND a.client_id = $2
       WHERE g.model = 'Grant' AND g.id = $1 AND (g.expires_at IS NULL OR g.expires_at > now())
         AND g.payload->>'clientId' = $2 AND g.payload->>'accountId' = $3::text AND m.deleted_at IS NULL`,
      [grantId, clientId, memberId],
    );
    const row = rows[0];
    if (!row) throw AppError.unauthorized('The access token is no longer valid; connect the agent again.');
    // Last use is shown to the member; minute precision is enough and spares a write per call.
    if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
      void this.ds.query(
        'UPDATE connected_agents SET last_used_at = now() WHERE member_id = $1::uuid AND client_id = $2', [memberId, clientId],
      ).catch(() => undefined);
    }
    return { memberId, via: 'oauth', clientId, scopes, ...(await this.standing.of(memberId, row)) };
  }
}
