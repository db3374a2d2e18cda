import { type AuthorizedJobDetail, getViewerApplication } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { isJobWorker } from './hiring.queries.js';

/** Whether the caller is the job's current hired worker, who may read it while it is not public. */
export async function isCurrentWorker(ds: DataSource, jobId: string, memberId: string | undefined): Promise<boolean> {
  if (!memberId) return false;
  return isJobWorker(ds, jobId, memberId);
}

/** The caller's own application to the job, asked of the applications service (null when signed out). */
export async function viewerApplication(bus: BusClient, jobId: string, ctx: HandlerContext): Promise<AuthorizedJobDetail['application']> {
  if (!ctx.caller) return null;
  const { application } = await bus.call(getViewerApplication, { jobId, memberId: ctx.caller.memberId }, ctx);
  return application;
}
