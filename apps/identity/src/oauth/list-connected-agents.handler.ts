import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listConnectedAgents, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';

interface Row { client_id: string; client_name: string; domain: string; scopes: string[]; connected_at: Date; last_used_at: Date | null }

@Injectable()
export class ListConnectedAgentsHandler implements OperationHandler<typeof listConnectedAgents> {
  readonly operation = listConnectedAgents;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof listConnectedAgents>> {
    const { memberId } = callerOf(ctx);
    const rows: Row[] = await this.ds.query(
      // Only connections whose grant still stands: a revoked refresh token (or its reuse) ends the grant.
      `SELECT a.client_id, a.client_name, a.domain, a.scopes, a.connected_at, a.last_used_at
       FROM connected_agents a
       JOIN oauth_records g ON g.model = 'Grant' AND g.id = a.grant_id AND (g.expires_at IS NULL OR g.expires_at > now())
       WHERE a.member_id = $1::uuid ORDER BY a.connected_at DESC, a.client_id LIMIT 200`,
      [memberId],
    );
    return {
      agents: rows.map((r) => ({
        clientId: r.client_id, name: r.client_name, domain: r.domain, scopes: r.scopes,
        connectedAt: new Date(r.connected_at).toISOString(),
        lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
      })),
    };
  }
}
