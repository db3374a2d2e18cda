import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { joinWaitlist, type InputOf, type OutputOf } from '@marketplace/contracts';
import { UnitOfWork, type OperationHandler } from '@marketplace/service-kit';
import { countAttempt, intEnv } from './rate-limit.js';

const PER_EMAIL_PER_HOUR = intEnv('WAITLIST_PER_EMAIL_PER_HOUR', 5);
const PER_MINUTE = intEnv('WAITLIST_PER_MINUTE', 60);

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
      await countAttempt(em, 'waitlist', email, PER_EMAIL_PER_HOUR, 3600, 'This address joined the waitlist several times this hour. Try again later.');
      await countAttempt(em, 'waitlist_all', '*', PER_MINUTE, 60, 'The waitlist is busy. Try again in a minute.');
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
