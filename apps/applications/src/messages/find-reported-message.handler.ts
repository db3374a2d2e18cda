import { findReportedMessage, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { reportableMessage } from './messages.queries.js';

/**
 * Lets admin refuse a report on a message that does not exist, or that the reporter cannot read:
 * only the two sides of a conversation may report its messages, so nobody learns of others'.
 */
@Injectable()
export class FindReportedMessageHandler implements OperationHandler<typeof findReportedMessage> {
  readonly operation = findReportedMessage;

  constructor(private readonly ds: DataSource) {}

  async handle({ itemId, reporterId }: InputOf<typeof findReportedMessage>): Promise<OutputOf<typeof findReportedMessage>> {
    if (!isUuid(itemId) || !isUuid(reporterId)) return { found: false, ownerId: null };
    const row = await reportableMessage(this.ds, itemId, reporterId);
    return row ? { found: true, ownerId: row.sender_id } : { found: false, ownerId: null };
  }
}
