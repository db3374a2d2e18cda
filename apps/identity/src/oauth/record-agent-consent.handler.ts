import { type InputOf, type OutputOf, recordAgentConsent } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { deleteGrants, grantIdsOf, upsertConnectedAgent } from './oauth.queries.js';

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
      await deleteGrants(em, await grantIdsOf(em, input.memberId, input.clientId, input.grantId));
      await upsertConnectedAgent(em, input);
    });
    return { stored: true };
  }
}
