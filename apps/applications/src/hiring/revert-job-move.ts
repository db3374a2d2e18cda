import { type JobStatus, moveJobStatus } from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';

/**
 * Compensation: puts the job back where it was when the local half of a step failed after the
 * jobs service had already moved it. Best effort; a failure here is logged by the caller's 503.
 */
export async function revertJobMove(bus: BusClient, ctx: HandlerContext, jobId: string, hireId: string, movedTo: JobStatus, back: JobStatus): Promise<void> {
  await bus
    .call(
      moveJobStatus,
      {
        jobId,
        from: [movedTo],
        to: back,
        hiredApplicationId: hireId,
        reopen: false,
      },
      ctx,
    )
    .catch(() => undefined);
}
