import { AppError, type InputOf, type OutputOf, remindOtherSide, workReminderSentV1 } from '@marketplace/contracts';
import {
  callerOf,
  countAttempt,
  type HandlerContext,
  limitBuckets,
  type OperationHandler,
  recordEvent,
  UnitOfWork,
  WORK_REMINDER_GAP_HOURS,
} from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { liveHire } from './work.queries.js';
import { roleOf, waitsOn } from './work-view.js';

const gapMs = () => WORK_REMINDER_GAP_HOURS * 3600_000;

/** One nudge per side per job every 12 hours (the kit's work_reminders bucket, per member and hire). */
@Injectable()
export class RemindOtherSideHandler implements OperationHandler<typeof remindOtherSide> {
  readonly operation = remindOtherSide;
  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id }: InputOf<typeof remindOtherSide>, ctx: HandlerContext): Promise<OutputOf<typeof remindOtherSide>> {
    const caller = callerOf(ctx);
    const notFound = AppError.notFound('No hired work on this job is visible to you.');
    return this.uow.run(async (em) => {
      const hire = await liveHire(em, id);
      const role = hire ? roleOf(hire, caller.memberId, false) : null;
      if (!hire || !role || role === 'admin') throw notFound;
      const waiting = waitsOn(hire.status);
      if (waiting === null) throw AppError.conflict('The work is finished; nobody is waiting.');
      if (waiting === role) throw AppError.conflict('The work is waiting on you, not the other side.');
      await countAttempt(em, limitBuckets().workReminders, `${caller.memberId}:${hire.id}`);
      const now = new Date();
      const remindedId = waiting === 'poster' ? hire.poster_id : hire.worker_id;
      await recordEvent(em, workReminderSentV1, {
        jobId: hire.job_id,
        applicationId: hire.id,
        title: hire.title,
        posterId: hire.poster_id,
        workerId: hire.worker_id,
        actorId: caller.memberId,
        at: now.toISOString(),
        remindedId,
      });
      return {
        remindedAt: now.toISOString(),
        reminded: waiting,
        nextReminderAt: new Date(now.getTime() + gapMs()).toISOString(),
      };
    });
  }
}
