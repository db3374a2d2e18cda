import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUuid, findReportedMessage, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

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
    const [row] = (await this.ds.query(
      `SELECT m.sender_id FROM messages m JOIN conversations c ON c.application_id = m.application_id
       WHERE m.id = $1 AND (c.poster_id = $2 OR c.applicant_id = $2)`,
      [itemId, reporterId],
    )) as { sender_id: string | null }[];
    return row ? { found: true, ownerId: row.sender_id } : { found: false, ownerId: null };
  }
}
