import { Injectable } from '@nestjs/common';
import { isUuid, setMessageRemoved, type InputOf, type OutputOf } from '@marketplace/contracts';
import { UnitOfWork, type OperationHandler } from '@marketplace/service-kit';

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
      const [message] = (await em.query(
        'SELECT sender_id, application_id, body FROM messages WHERE id = $1 FOR UPDATE', [itemId],
      )) as { sender_id: string | null; application_id: string; body: string }[];
      if (!message) return NOT_FOUND;
      await em.query(
        `UPDATE messages SET removed_at = CASE WHEN $2 THEN coalesce(removed_at, now()) END WHERE id = $1`, [itemId, removed]);
      return { found: true, ownerId: message.sender_id, evidence: { applicationId: message.application_id, body: message.body } };
    });
  }
}
