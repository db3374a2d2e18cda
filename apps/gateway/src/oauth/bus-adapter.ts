import { randomUUID } from 'node:crypto';
import { errors } from 'oidc-provider';
import {
  AppError, oauthConsume, oauthDestroy, oauthFind, oauthRevokeByGrant, oauthUpsert,
} from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit';

type Payload = Record<string, unknown>;

/**
 * oidc-provider's storage adapter. Nothing is kept in gateway memory: every record goes to the
 * identity service over the bus, so any replica can continue a flow another one began.
 */
export function busAdapter(bus: BusClient) {
  const ctx = () => ({ requestId: `oauth-${randomUUID()}`, caller: null });
  const call: BusClient['call'] = async (op, input, context) => {
    try {
      return await bus.call(op, input, context);
    } catch (err) {
      throw err instanceof AppError && err.status === 503 ? unavailable() : err;
    }
  };
  return class BusAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const seconds = expiresIn && expiresIn > 0 ? Math.ceil(expiresIn) : undefined;
      await call(oauthUpsert, { model: this.model, id, payload, ...(seconds ? { expiresIn: seconds } : {}) }, ctx());
    }

    async find(id: string): Promise<Payload | undefined> {
      return (await call(oauthFind, { model: this.model, by: 'id', value: id }, ctx())).payload ?? undefined;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return (await call(oauthFind, { model: this.model, by: 'uid', value: uid }, ctx())).payload ?? undefined;
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return (await call(oauthFind, { model: this.model, by: 'userCode', value: userCode }, ctx())).payload ?? undefined;
    }

    async consume(id: string): Promise<void> {
      try {
        await call(oauthConsume, { model: this.model, id }, ctx());
      } catch (err) {
        // Another request used it first (identity's consume is a compare-and-set): this use fails.
        if (err instanceof AppError && err.status === 409) throw new errors.InvalidGrant('already used');
        throw err;
      }
    }

    async destroy(id: string): Promise<void> {
      await call(oauthDestroy, { model: this.model, id }, ctx());
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await call(oauthRevokeByGrant, { grantId }, ctx());
    }
  };
}

/** Storage is down: the client sees OAuth's temporarily_unavailable with 503, not a 500. */
function unavailable(): Error {
  const err = new errors.OIDCProviderError(503, 'temporarily_unavailable');
  Object.assign(err, { expose: true, error_description: 'Sign-in is unavailable. Try again shortly.' });
  return err;
}
