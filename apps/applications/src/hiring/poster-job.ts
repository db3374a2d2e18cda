import { AppError, getHiringJob, type HiringJob } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';

/** The caller's own job, in any state (a closed one keeps its applicants); anyone else's does not exist for them. */
export async function posterJob(bus: BusClient, jobId: string, memberId: string, ctx: HandlerContext): Promise<HiringJob> {
  const notFound = AppError.notFound('You have no job with this id.');
  const job = await bus.call(getHiringJob, { jobId }, ctx).catch((err: unknown) => {
    throw err instanceof AppError && err.status === 404 ? notFound : err;
  });
  if (job.posterId !== memberId) throw notFound;
  return job;
}

/**
 * Preferred workers are named by member id, exact name or email, but the poster only sees an
 * applicant marked preferred through the public identifiers (id or name). Matching emails here
 * would let a poster confirm a guessed address belongs to an applicant; an emailed worker is still
 * alerted when named (jobs service), just not marked in the poster's applicant list.
 */
export function isPreferred(job: HiringJob, applicant: { id: string; name: string }): boolean {
  const names = new Set(job.preferredWorkers.map((p) => p.trim().toLowerCase()));
  return names.has(applicant.id.toLowerCase()) || names.has(applicant.name.trim().toLowerCase());
}
