import {
  AppError,
  identityProviderEventSchema,
  type InputOf,
  isUuid,
  type OutputOf,
  receiveIdentityProviderEvent,
  validateInput,
} from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { identitySettings } from '../identity.settings.js';
import { memberById } from '../members/members.queries.js';
import { verifyIdentitySignature, webhookSecrets } from './identity-webhook-signature.js';
import { OperatorRecordIdentityCheckHandler } from './record-identity-check.handler.js';
import { claimWebhookEvent, releaseWebhookEvent } from './sign-up.queries.js';

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

  constructor(
    private readonly ds: DataSource,
    private readonly record: OperatorRecordIdentityCheckHandler,
  ) {}

  async handle(input: InputOf<typeof receiveIdentityProviderEvent>): Promise<OutputOf<typeof receiveIdentityProviderEvent>> {
    const secrets = webhookSecrets(identitySettings().identityWebhookSecret);
    if (!secrets.length) throw AppError.unavailable('Identity provider webhooks are not configured.');
    if (!verifyIdentitySignature(input.signature, input.event, secrets, Math.floor(Date.now() / 1000))) {
      throw AppError.unauthorized('The signature is not valid.');
    }
    const event = validateInput(identityProviderEventSchema, parseJson(input.event));
    const member = isUuid(event.reference) ? await memberById(this.ds, event.reference) : null;
    if (!member || member.deletedAt) return { recorded: false };
    if (!(await this.claim(event.id))) return { recorded: false };
    try {
      await this.record.handle({ memberId: member.id, status: event.status, verifiedName: event.verifiedName });
    } catch (err) {
      await releaseWebhookEvent(this.ds, event.id);
      throw err;
    }
    return { recorded: true };
  }

  /**
   * True for the first sight of an event id (or of one whose hour is over). Event ids are kept an
   * hour, well past the signature's five minutes, after which a replay is refused anyway.
   */
  private claim(eventId: string): Promise<boolean> {
    return claimWebhookEvent(this.ds, eventId);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest('The request body is not valid JSON.');
  }
}
