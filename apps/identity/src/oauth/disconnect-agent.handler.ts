import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, disconnectAgent, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, limitBuckets, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';

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
      const grants: { id: string }[] = await em.query(
        `SELECT id FROM oauth_records WHERE model = 'Grant' AND payload->>'accountId' = $1 AND payload->>'clientId' = $2`,
        [memberId, clientId],
      );
      const ids = grants.map((g) => g.id);
      if (ids.length) {
        await em.query(
          `DELETE FROM oauth_records WHERE grant_id = ANY($1) OR (model = 'Grant' AND id = ANY($1))`, [ids],
        );
      }
      await em.query(
        `UPDATE oauth_records SET payload = payload #- ARRAY['authorizations', $2]
         WHERE model = 'Session' AND payload->>'accountId' = $1 AND payload->'authorizations' ? $2`,
        [memberId, clientId],
      );
      const removed: { n: number }[] = await em.query(
        `WITH d AS (DELETE FROM connected_agents WHERE member_id = $1::uuid AND client_id = $2 RETURNING 1)
         SELECT count(*)::int AS n FROM d`,
        [memberId, clientId],
      );
      return ids.length > 0 || (removed[0]?.n ?? 0) > 0;
    });
    if (!found) throw AppError.notFound('No connected agent with that client id.');
    return { clientId, disconnected: true };
  }
}
