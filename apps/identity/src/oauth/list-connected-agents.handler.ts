import { listConnectedAgents, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { connectedAgentsOf } from './oauth.queries.js';

@Injectable()
export class ListConnectedAgentsHandler implements OperationHandler<typeof listConnectedAgents> {
  readonly operation = listConnectedAgents;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof listConnectedAgents>> {
    const { memberId } = callerOf(ctx);
    // Only connections whose grant still stands: a revoked refresh token (or its reuse) ends the grant.
    const rows = await connectedAgentsOf(this.ds, memberId);
    return {
      agents: rows.map((r) => ({
        clientId: r.client_id,
        name: r.client_name,
        domain: r.domain,
        scopes: r.scopes,
        connectedAt: new Date(r.connected_at).toISOString(),
        lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
      })),
    };
  }
}
