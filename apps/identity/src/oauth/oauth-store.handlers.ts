import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  admitMcpSession, AppError, oauthAdmitRegistration, oauthConsume, oauthDestroy, oauthFind, oauthRevokeByGrant, oauthUpsert, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import { countAttempt, limitBuckets, type OperationHandler } from '@marketplace/service-kit';

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
    await this.ds.query(
      `INSERT INTO oauth_records AS r (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
       VALUES ($1, $2, $3, $4, $5, $6,
         CASE WHEN $7::int IS NOT NULL THEN now() + make_interval(secs => $7::int)
              WHEN $1 = 'Client' THEN now() + make_interval(days => $8::int) END, NULL)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = EXCLUDED.user_code, uid = EXCLUDED.uid,
         expires_at = CASE WHEN r.model = 'Client' AND $7::int IS NULL AND r.expires_at IS NULL THEN NULL ELSE EXCLUDED.expires_at END`,
      [model, id, JSON.stringify(payload), stringOrNull(payload.grantId), stringOrNull(payload.userCode),
        stringOrNull(payload.uid), expiresIn ?? null, UNUSED_CLIENT_DAYS],
    );
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
    const rows: { payload: Record<string, unknown>; consumed: number | null }[] = await this.ds.query(
      `SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM oauth_records
       WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`,
      [model, value],
    );
    const row = rows[0];
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
    const rows = (await this.ds.query(
      `WITH used AS (
         UPDATE oauth_records SET consumed_at = now()
         WHERE model = $1 AND id = $2 AND consumed_at IS NULL AND (expires_at IS NULL OR expires_at > now())
         RETURNING model, payload->>'clientId' AS client_id
       ), kept AS (
         UPDATE oauth_records c SET expires_at = NULL FROM used
         WHERE used.model = 'AuthorizationCode' AND c.model = 'Client' AND c.id = used.client_id AND c.expires_at IS NOT NULL
       )
       SELECT 1 AS ok FROM used`,
      [model, id],
    )) as { ok: number }[];
    if (!rows[0]) throw AppError.conflict('This code or token was already used.');
    return STORED;
  }
}

@Injectable()
export class OAuthDestroyHandler implements OperationHandler<typeof oauthDestroy> {
  readonly operation = oauthDestroy;

  constructor(private readonly ds: DataSource) {}

  async handle({ model, id }: InputOf<typeof oauthDestroy>): Promise<OutputOf<typeof oauthDestroy>> {
    await this.ds.query('DELETE FROM oauth_records WHERE model = $1 AND id = $2', [model, id]);
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
    await this.ds.query('DELETE FROM oauth_records WHERE grant_id = $1', [grantId]);
    return STORED;
  }
}
