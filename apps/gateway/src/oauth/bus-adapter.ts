import { createHash, randomUUID } from 'node:crypto';

import { AppError, oauthConsume, oauthDestroy, oauthFind, oauthRevokeByGrant, oauthUpsert } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { errors as OidcErrors } from 'oidc-provider';

type Payload = Record<string, unknown>;

/**
 * Kinds whose id is itself a bearer secret (the code or token a client presents) and that are only
 * ever looked up by that id. They are stored under sha256(id), and without the `jti` (the id) in
 * the payload, so whoever reads identity's table cannot use what is there. Not hashed: Client
 * (public ids), Grant (its id is no credential: the access token's `gid`, checked with it),
 * Session and Interaction (found by uid too, so the payload must keep the id; their cookies are
 * signed with OAUTH_COOKIE_KEYS, which are not in the database), DeviceCode (found by user code;
 * the device flow is off), ReplayDetection.
 */
export const HASHED_KINDS: ReadonlySet<string> = new Set([
  'AuthorizationCode',
  'RefreshToken',
  'AccessToken',
  'ClientCredentials',
  'InitialAccessToken',
  'RegistrationAccessToken',
  'PushedAuthorizationRequest',
  'BackchannelAuthenticationRequest',
]);

/** The key a record of this kind is stored under (matches the migration's encode(sha256(id), 'hex')). */
export function storedId(model: string, id: string): string {
  return HASHED_KINDS.has(model) ? createHash('sha256').update(id, 'utf8').digest('hex') : id;
}

/** How a client secret is stored: only compared, so only its sha256 is kept (identity's migration writes the same). */
const SECRET_DIGEST_PREFIX = 'sha256:';

export function clientSecretDigest(secret: string): string {
  return `${SECRET_DIGEST_PREFIX}${createHash('sha256').update(secret, 'utf8').digest('hex')}`;
}

export function isClientSecretDigest(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SECRET_DIGEST_PREFIX);
}

/** A client's metadata as stored: its secret, if it has one, replaced by the digest. */
function storedClient(payload: Payload): Payload {
  const secret = payload.client_secret;
  return typeof secret === 'string' && !isClientSecretDigest(secret) ? { ...payload, client_secret: clientSecretDigest(secret) } : payload;
}

/**
 * oidc-provider's storage adapter. Nothing is kept in gateway memory: every record goes to the
 * identity service over the bus, so any replica can continue a flow another one began.
 */
export function busAdapter(bus: BusClient, errors: typeof OidcErrors) {
  const ctx = () => ({ requestId: `oauth-${randomUUID()}`, caller: null });
  const call: BusClient['call'] = async (op, input, context) => {
    try {
      return await bus.call(op, input, context);
    } catch (err) {
      throw err instanceof AppError && err.status === 503 ? unavailable(errors) : err;
    }
  };
  return class BusAdapter {
    readonly hashed: boolean;

    constructor(readonly model: string) {
      this.hashed = HASHED_KINDS.has(model);
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const seconds = expiresIn && expiresIn > 0 ? Math.ceil(expiresIn) : undefined;
      const { jti: _jti, ...rest } = payload;
      const stored = this.hashed ? rest : this.model === 'Client' ? storedClient(payload) : payload;
      await call(oauthUpsert, { model: this.model, id: storedId(this.model, id), payload: stored, ...(seconds ? { expiresIn: seconds } : {}) }, ctx());
    }

    async find(id: string): Promise<Payload | undefined> {
      const found = (await call(oauthFind, { model: this.model, by: 'id', value: storedId(this.model, id) }, ctx())).payload ?? undefined;
      // The caller presented the id; the stored record no longer holds it.
      return found && this.hashed ? { ...found, jti: id } : found;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return (await call(oauthFind, { model: this.model, by: 'uid', value: uid }, ctx())).payload ?? undefined;
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return (await call(oauthFind, { model: this.model, by: 'userCode', value: userCode }, ctx())).payload ?? undefined;
    }

    async consume(id: string): Promise<void> {
      try {
        await call(oauthConsume, { model: this.model, id: storedId(this.model, id) }, ctx());
      } catch (err) {
        // Another request used it first (identity's consume is a compare-and-set): this use fails.
        if (err instanceof AppError && err.status === 409) throw new errors.InvalidGrant('already used');
        throw err;
      }
    }

    async destroy(id: string): Promise<void> {
      await call(oauthDestroy, { model: this.model, id: storedId(this.model, id) }, ctx());
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await call(oauthRevokeByGrant, { grantId }, ctx());
    }
  };
}

/** Storage is down: the client sees OAuth's temporarily_unavailable with 503, not a 500. */
function unavailable(errors: typeof OidcErrors): Error {
  const err = new errors.OIDCProviderError(503, 'temporarily_unavailable');
  Object.assign(err, { expose: true, error_description: 'Sign-in is unavailable. Try again shortly.' });
  return err;
}
