import { AppError, authenticateKey, type Caller } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit';

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/** Authentication only; what a caller may do is decided by the service that owns the data. */
export class Authenticator {
  constructor(private readonly bus: BusClient) {}

  /** REST: API keys (browser sessions arrive with sign-in). Null when no credentials were sent. */
  async restCaller(authorization: string | undefined, requestId: string): Promise<Caller | null> {
    if (authorization === undefined) return null;
    const token = bearerToken(authorization);
    if (!token) throw AppError.unauthorized('Send the API key as "Authorization: Bearer <key>".');
    return this.bus.call(authenticateKey, { key: token }, { requestId, caller: null });
  }
}
