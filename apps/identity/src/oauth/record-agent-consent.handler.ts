import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { recordAgentConsent, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/** Approving an agent again refreshes its row: connecting again after a disconnect restores it. */
@Injectable()
export class RecordAgentConsentHandler implements OperationHandler<typeof recordAgentConsent> {
  readonly operation = recordAgentConsent;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof recordAgentConsent>): Promise<OutputOf<typeof recordAgentConsent>> {
    await this.ds.query(
      `INSERT INTO connected_agents (member_id, client_id, client_name, domain, scopes, grant_id, connected_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (member_id, client_id) DO UPDATE SET client_name = EXCLUDED.client_name,
         domain = EXCLUDED.domain, scopes = EXCLUDED.scopes, grant_id = EXCLUDED.grant_id, connected_at = now()`,
      [input.memberId, input.clientId, input.clientName, input.domain, JSON.stringify(input.scopes), input.grantId],
    );
    return { stored: true };
  }
}
