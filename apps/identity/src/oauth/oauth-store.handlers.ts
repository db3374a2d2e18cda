import {
  admitMcpSession,
  AppError,
  type InputOf,
  oauthAdmitRegistration,
  oauthConsume,
  oauthDestroy,
  oauthFind,
  oauthRevokeByGrant,
  oauthUpsert,
  type OutputOf,
} from '@marketplace/contracts';
import { countAttempt, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { consumeOAuthRecord, destroyOAuthGrantRecords, destroyOAuthRecord, findOAuthRecord, upsertOAuthRecord } from './oauth.queries.js';

const STORED = { stored: true } as const;

/**
 * A dynamically registered client that is never used for a token is removed after this many days
 * (its first authorization code exchanged clears the expiry; see OAuthConsumeHandler).
 */
export const UNUSED_CLIENT_DAYS = 30;

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

/** oidc-provider's adapter `upsert`: replaces the record and its lookup columns. */
@Injectable()
export class OAuthUpsertHandler implements OperationHandler<typeof oauthUpsert> {
  readonly operation = oauthUpsert;

  constructor(private readonly ds: DataSource) {}

  async handle({ model, id, payload, expiresIn }: InputOf<typeof oauthUpsert>): Promise<OutputOf<typeof oauthUpsert>> {
    // A registered client starts with an expiry (removed by the expired-rows sweep unless used for a token);
    // storing it again never brings back an expiry its use cleared.
    await upsertOAuthRecord(this.ds, {
      model,
      id,
      payload,
      grantId: stringOrNull(payload.grantId),
      userCode: stringOrNull(payload.userCode),
      uid: stringOrNull(payload.uid),
      expiresIn: expiresIn ?? null,
      clientDays: UNUSED_CLIENT_DAYS,
    });
    return STORED;
  }
}

/** `find`, `findByUid`, `findByUserCode`: expired records read as absent; consumed ones say when. */
@Injectable()
export class OAuthFindHandler implements OperationHandler<typeof oauthFind> {
  readonly operation = oauthFind;

  constructor(private readonly ds: DataSource) {}

  async handle({ model, by, value }: InputOf<typeof oauthFind>): Promise<OutputOf<typeof oauthFind>> {
    const column = by === 'id' ? 'id' : by === 'uid' ? 'uid' : 'user_code';
    const row = await findOAuthRecord(this.ds, model, column, value);
    if (!row) return { payload: null };
    return { payload: row.consumed === null ? row.payload : { ...row.payload, consumed: Number(row.consumed) } };
  }
}

/**
 * Compare-and-set: only the first use of a code or refresh token marks it consumed; any other use
 * (two simultaneous refreshes, say, which both found it unused) is refused with 409.
 */
@Injectable()
export class OAuthConsumeHandler implements OperationHandler<typeof oauthConsume> {
  readonly operation = oauthConsume;

  constructor(private readonly ds: DataSource) {}

  async handle({ model, id }: InputOf<typeof oauthConsume>): Promise<OutputOf<typeof oauthConsume>> {
    // Exchanging an authorization code is the client's first use for a token: it stops expiring.
    if (!(await consumeOAuthRecord(this.ds, model, id))) throw AppError.conflict('This code or token was already used.');
    return STORED;
  }
}

@Injectable()
export class OAuthDestroyHandler implements OperationHandler<typeof oauthDestroy> {
  readonly operation = oauthDestroy;

  constructor(private readonly ds: DataSource) {}

  async handle({ model, id }: InputOf<typeof oauthDestroy>): Promise<OutputOf<typeof oauthDestroy>> {
    await destroyOAuthRecord(this.ds, model, id);
    return STORED;
  }
}

/**
 * Dynamic client registration is public: each client address may register a few clients per hour
 * (the `clientRegistrations` bucket). The gateway asks before oidc-provider stores the client.
 */
@Injectable()
export class OAuthAdmitRegistrationHandler implements OperationHandler<typeof oauthAdmitRegistration> {
  readonly operation = oauthAdmitRegistration;

  constructor(private readonly ds: DataSource) {}

  async handle({ clientIp }: InputOf<typeof oauthAdmitRegistration>): Promise<OutputOf<typeof oauthAdmitRegistration>> {
    await countAttempt(this.ds, limitBuckets().clientRegistrations, `ip:${clientIp}`);
    return { admitted: true };
  }
}

/**
 * MCP sessions opened before sign-in live in a gateway's memory: each client address may open a
 * few a minute (the `mcpSessions` bucket). The gateway asks before it opens one.
 */
@Injectable()
export class AdmitMcpSessionHandler implements OperationHandler<typeof admitMcpSession> {
  readonly operation = admitMcpSession;

  constructor(private readonly ds: DataSource) {}

  async handle({ clientIp }: InputOf<typeof admitMcpSession>): Promise<OutputOf<typeof admitMcpSession>> {
    await countAttempt(this.ds, limitBuckets().mcpSessions, `ip:${clientIp}`);
    return { admitted: true };
  }
}

/** Reuse of a consumed code or refresh token revokes everything issued under its grant. */
@Injectable()
export class OAuthRevokeByGrantHandler implements OperationHandler<typeof oauthRevokeByGrant> {
  readonly operation = oauthRevokeByGrant;

  constructor(private readonly ds: DataSource) {}

  async handle({ grantId }: InputOf<typeof oauthRevokeByGrant>): Promise<OutputOf<typeof oauthRevokeByGrant>> {
    await destroyOAuthGrantRecords(this.ds, grantId);
    return STORED;
  }
}
