import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError, identityProviderEventSchema, isUuid, receiveIdentityProviderEvent, validateInput, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import { serviceEnv, type OperationHandler } from '@marketplace/service-kit';
import { MemberEntity } from '../members/member.entity.js';
import { OperatorRecordIdentityCheckHandler } from './record-identity-check.handler.js';
import { verifyIdentitySignature, webhookSecrets } from './identity-webhook-signature.js';

/** Event ids are kept well past the signature's five minutes, after which a replay is refused anyway. */
const SEEN_FOR = '1 hour';

/**
 * The identity provider's webhook. The signature comes first: before it holds, the body is not
 * even parsed, and every failure is the same 401. Then the outcome is recorded by the operator's
 * own handler, so the command and the provider change a member in exactly one way. An event id is
 * claimed before recording and released if recording fails, so the provider's retry still counts
 * while a replay does nothing. An unknown reference is answered 200 unrecorded: a provider would
 * otherwise retry for days an event no member can match (a deleted account, another deployment).
 */
@Injectable()
export class ReceiveIdentityProviderEventHandler implements OperationHandler<typeof receiveIdentityProviderEvent> {
  readonly operation = receiveIdentityProviderEvent;

  constructor(private readonly ds: DataSource, private readonly record: OperatorRecordIdentityCheckHandler) {}

  async handle(input: InputOf<typeof receiveIdentityProviderEvent>): Promise<OutputOf<typeof receiveIdentityProviderEvent>> {
    const secrets = webhookSecrets(serviceEnv().IDENTITY_WEBHOOK_SECRET);
    if (!secrets.length) throw AppError.unavailable('Identity provider webhooks are not configured.');
    if (!verifyIdentitySignature(input.signature, input.event, secrets, Math.floor(Date.now() / 1000))) {
      throw AppError.unauthorized('The signature is not valid.');
    }
    const event = validateInput(identityProviderEventSchema, parseJson(input.event));
    const member = isUuid(event.reference) ? await this.ds.getRepository(MemberEntity).findOneBy({ id: event.reference }) : null;
    if (!member || member.deletedAt) return { recorded: false };
    if (!(await this.claim(event.id))) return { recorded: false };
    try {
      await this.record.handle({ memberId: member.id, status: event.status, verifiedName: event.verifiedName });
    } catch (err) {
      await this.ds.query('DELETE FROM identity_webhook_events WHERE event_id = $1', [event.id]);
      throw err;
    }
    return { recorded: true };
  }

  /** True for the first sight of an event id (or of one whose hour is over). */
  private async claim(eventId: string): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO identity_webhook_events (event_id, expires_at) VALUES ($1, now() + interval '${SEEN_FOR}')
       ON CONFLICT (event_id) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE identity_webhook_events.expires_at < now()
       RETURNING event_id`,
      [eventId],
    )) as unknown[];
    return rows.length > 0;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest('The request body is not valid JSON.');
  }
}
