import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { recordAgentConsent, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/**
 * Approving an agent again refreshes its row: connecting again after a disconnect restores it.
 * The approval's grant replaces the member's earlier grants to the same client: those grants and
 * everything issued under them (codes, refresh tokens) are deleted in the same transaction, so the
 * older access tokens (checked against their grant on every MCP request) and refresh tokens stop
 * working. One member, one client, one standing grant.
 */
@Injectable()
export class RecordAgentConsentHandler implements OperationHandler<typeof recordAgentConsent> {
  readonly operation = recordAgentConsent;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof recordAgentConsent>): Promise<OutputOf<typeof recordAgentConsent>> {
    await this.ds.transaction(async (em) => {
      const older: { id: string }[] = await em.query(
        `SELECT id FROM oauth_records
         WHERE model = 'Grant' AND payload->>'accountId' = $1 AND payload->>'clientId' = $2 AND id <> $3`,
        [input.memberId, input.clientId, input.grantId],
      );
      const ids = older.map((g) => g.id);
      if (ids.length) {
        await em.query(`DELETE FROM oauth_records WHERE grant_id = ANY($1) OR (model = 'Grant' AND id = ANY($1))`, [ids]);
      }
      await em.query(
        `INSERT INTO connected_agents (member_id, client_id, client_name, domain, scopes, grant_id, connected_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (member_id, client_id) DO UPDATE SET client_name = EXCLUDED.client_name,
           domain = EXCLUDED.domain, scopes = EXCLUDED.scopes, grant_id = EXCLUDED.grant_id, connected_at = now()`,
        [input.memberId, input.clientId, input.clientName, input.domain, JSON.stringify(input.scopes), input.grantId],
      );
    });
    return { stored: true };
  }
}
