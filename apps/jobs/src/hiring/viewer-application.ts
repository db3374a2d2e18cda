import type { DataSource } from 'typeorm';
import { getViewerApplication, type AuthorizedJobDetail } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';

/** Whether the caller is the job's current hired worker, who may read it while it is not public. */
export async function isCurrentWorker(ds: DataSource, jobId: string, memberId: string | undefined): Promise<boolean> {
  if (!memberId) return false;
  const rows: unknown[] = await ds.query('SELECT 1 FROM jobs WHERE id = $1 AND worker_id = $2', [jobId, memberId]);
  return rows.length > 0;
}

/** The caller's own application to the job, asked of the applications service (null when signed out). */
export async function viewerApplication(
  bus: BusClient, jobId: string, ctx: HandlerContext,
): Promise<AuthorizedJobDetail['application']> {
  if (!ctx.caller) return null;
  const { application } = await bus.call(getViewerApplication, { jobId, memberId: ctx.caller.memberId }, ctx);
  return application;
}
