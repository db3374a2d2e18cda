import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { deliverNotifications, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';

interface Row { id: string; kind: string; message: string; job_id: string | null; created_at: Date }

/** Claims and marks in one statement, so two sessions never receive the same alert. */
@Injectable()
export class DeliverNotificationsHandler implements OperationHandler<typeof deliverNotifications> {
  readonly operation = deliverNotifications;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof deliverNotifications>> {
    const caller = callerOf(ctx);
    // TypeORM answers an UPDATE … RETURNING on PostgreSQL with [rows, affectedCount].
    const [rows] = (await this.ds.query(
      `UPDATE alerts SET delivered_at = now() WHERE id IN (
         SELECT id FROM alerts WHERE member_id = $1 AND delivered_at IS NULL
         ORDER BY created_at LIMIT 50 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, message, job_id, created_at`,
      [caller.memberId],
    )) as [Row[], number];
    rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    return {
      alerts: rows.map((r) => ({
        id: r.id, kind: r.kind, message: r.message, jobId: r.job_id, createdAt: r.created_at.toISOString(),
      })),
    };
  }
}
