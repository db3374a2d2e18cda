import { type InputOf, isUuid, type OutputOf, setMessageRemoved } from '@marketplace/contracts';
import { type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { messageForUpdate, setRemoved } from './messages.queries.js';

type Result = OutputOf<typeof setMessageRemoved>;

const NOT_FOUND: Result = { found: false, ownerId: null, evidence: null };

/**
 * Moderation of a message, for admin. A removed message keeps its text for a restore but both
 * sides read it as removed. Setting the same state again changes nothing.
 */
@Injectable()
export class SetMessageRemovedHandler implements OperationHandler<typeof setMessageRemoved> {
  readonly operation = setMessageRemoved;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ itemId, removed }: InputOf<typeof setMessageRemoved>): Promise<Result> {
    if (!isUuid(itemId)) return NOT_FOUND;
    return this.uow.run(async (em) => {
      const message = await messageForUpdate(em, itemId);
      if (!message) return NOT_FOUND;
      await setRemoved(em, itemId, removed);
      return { found: true, ownerId: message.sender_id, evidence: { applicationId: message.application_id, body: message.body } };
    });
  }
}
