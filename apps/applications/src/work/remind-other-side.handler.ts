import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, remindOtherSide, workReminderSentV1, type InputOf, type OutputOf } from '@marketplace/contracts';
import { recordEvent, UnitOfWork, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { isUuid, requireVerifiedMember } from '../common/require-member.js';
import { HireEntity } from '../hiring/hire.entity.js';
import { roleOf, waitsOn } from './work-view.js';

const GAP_HOURS = 12;

/** One nudge per side per job every 12 hours, counted in PostgreSQL so it holds across replicas. */
@Injectable()
export class RemindOtherSideHandler implements OperationHandler<typeof remindOtherSide> {
  readonly operation = remindOtherSide;
  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id }: InputOf<typeof remindOtherSide>, ctx: HandlerContext): Promise<OutputOf<typeof remindOtherSide>> {
    const caller = requireVerifiedMember(ctx);
    const notFound = AppError.notFound('No hired work on this job is visible to you.');
    if (!isUuid(id)) throw notFound;
    return this.uow.run(async (em) => {
      const hire = await em.createQueryBuilder(HireEntity, 'h').where('h.job_id = :id', { id })
        .andWhere(`h.status <> 'cancelled'`).getOne();
      const role = hire ? roleOf(hire, caller.memberId, false) : null;
      if (!hire || !role || role === 'admin') throw notFound;
      const waiting = waitsOn(hire.status);
      if (waiting === null) throw AppError.conflict('The work is finished; nobody is waiting.');
      if (waiting === role) throw AppError.conflict('The work is waiting on you, not the other side.');
      const kind = `remind:${hire.id}`;
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${kind}:${caller.memberId}`]);
      const [last] = (await em.query(
        `SELECT max(created_at) AS at FROM attempts WHERE member_id = $1 AND kind = $2 AND created_at > now() - interval '${GAP_HOURS} hours'`,
        [caller.memberId, kind],
      )) as { at: Date | null }[];
      if (last?.at) {
        const next = new Date(last.at).getTime() + GAP_HOURS * 3600_000;
        throw AppError.tooMany(`You can remind the other side once every ${GAP_HOURS} hours.`, (next - Date.now()) / 1000);
      }
      const now = new Date();
      await em.query('INSERT INTO attempts (id, member_id, kind, created_at) VALUES ($1, $2, $3, $4)', [randomUUID(), caller.memberId, kind, now]);
      const remindedId = waiting === 'poster' ? hire.posterId : hire.workerId;
      await recordEvent(em, workReminderSentV1, {
        jobId: hire.jobId, applicationId: hire.id, title: hire.title, posterId: hire.posterId, workerId: hire.workerId,
        actorId: caller.memberId, at: now.toISOString(), remindedId,
      });
      return {
        remindedAt: now.toISOString(), reminded: waiting,
        nextReminderAt: new Date(now.getTime() + GAP_HOURS * 3600_000).toISOString(),
      };
    });
  }
}
