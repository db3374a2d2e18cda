import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { joinWaitlist, type InputOf, type OutputOf } from '@marketplace/contracts';
import { UnitOfWork, type HandlerContext, type OperationHandler, countAttempt, limitBuckets } from '@marketplace/service-kit';

/**
 * Public, so limited twice: per email address (a few an hour) and per client address (per minute),
 * which bounds what one script can write without letting it lock everyone else out. Joining again
 * is harmless.
 */
@Injectable()
export class JoinWaitlistHandler implements OperationHandler<typeof joinWaitlist> {
  readonly operation = joinWaitlist;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ email }: InputOf<typeof joinWaitlist>, ctx: HandlerContext): Promise<OutputOf<typeof joinWaitlist>> {
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets.waitlistPerEmail, email);
      // Requests that did not come through the gateway (no client facts) share one subject.
      await countAttempt(em, limitBuckets.waitlistPerClient, ctx.client?.ip ? `ip:${ctx.client.ip}` : 'ip:unknown');
    });
    return this.uow.run(async (em) => {
      await em.query('INSERT INTO waitlist (id, email) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING', [randomUUID(), email]);
      const [row] = (await em.query(
        'SELECT created_at, invited_at, joined_member_id FROM waitlist WHERE email = $1', [email])) as
        { created_at: Date; invited_at: Date | null; joined_member_id: string | null }[];
      const status = row!.joined_member_id ? 'joined' : row!.invited_at ? 'invited' : 'waiting';
      return { status, joinedAt: row!.created_at.toISOString() };
    });
  }
}
