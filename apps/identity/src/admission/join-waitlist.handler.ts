import { type InputOf, joinWaitlist, type OutputOf } from '@marketplace/contracts';
import { countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { joinWaitlist as addToWaitlist } from './admission.queries.js';

/**
 * Public, so limited twice: per email address (a few an hour) and per client address (per minute),
 * which bounds what one script can write without letting it lock everyone else out. Joining again
 * is harmless and answers the same.
 */
@Injectable()
export class JoinWaitlistHandler implements OperationHandler<typeof joinWaitlist> {
  readonly operation = joinWaitlist;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ email }: InputOf<typeof joinWaitlist>, ctx: HandlerContext): Promise<OutputOf<typeof joinWaitlist>> {
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().waitlistPerEmail, email);
      // Requests that did not come through the gateway (no client facts) share one subject.
      await countAttempt(em, limitBuckets().waitlistPerClient, ctx.client?.ip ? `ip:${ctx.client.ip}` : 'ip:unknown');
    });
    await this.uow.run(async (em) => {
      await addToWaitlist(em, email);
    });
    // Public and unauthenticated: one answer for every address, so it never tells anyone whether
    // an address was already listed, invited or joined.
    return { status: 'waiting' };
  }
}
