import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { joinWaitlist, type InputOf, type OutputOf } from '@marketplace/contracts';
import { UnitOfWork, type OperationHandler, countAttempt, limitBuckets } from '@marketplace/service-kit';

/**
 * Public, so limited twice: per address (a few an hour) and across everyone (per minute), which
 * bounds what a script can write without knowing who is asking. Joining again is harmless.
 */
@Injectable()
export class JoinWaitlistHandler implements OperationHandler<typeof joinWaitlist> {
  readonly operation = joinWaitlist;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ email }: InputOf<typeof joinWaitlist>): Promise<OutputOf<typeof joinWaitlist>> {
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets.waitlistPerEmail, email);
      await countAttempt(em, limitBuckets.waitlistAll, '*');
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
