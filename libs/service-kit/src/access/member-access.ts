import { type AccessSettings, AppError, getAccessSettings, SETTINGS_CHANGED_SUBJECT } from '@marketplace/contracts';

import type { BusClient } from '../bus/bus-client.js';
import type { HandlerContext } from '../bus/operation-handler.js';
import { TtlCache } from '../cache/ttl-cache.js';
import type { BroadcastConsumer } from '../events/broadcast-consumer.js';
import { NOT_ADMITTED_MESSAGE } from './access-guard.js';

/** Settings change rarely; identity announces changes, and this bound covers a missed announcement. */
const TTL_MS = 10_000;

export const INVITE_ONLY_READ_MESSAGE = 'The marketplace is invite-only: sign in with an account that was let in. See /join.';
/**
 * The admission settings in force, asked of the identity service and kept briefly in memory;
 * a broadcast consumer of identity's change signal (started by the kit module), so every replica
 * drops them when they change.
 */
export class AccessSettingsCache implements BroadcastConsumer {
  readonly name = 'access-settings';
  readonly events = [SETTINGS_CHANGED_SUBJECT];
  private readonly cached = new TtlCache<AccessSettings>(TTL_MS, 1);

  constructor(private readonly bus: BusClient) {}

  hear(): void {
    this.cached.clear();
  }

  missed(): void {
    this.cached.clear();
  }

  /** Settings that never change: for a process without the identity service (benchmark baselines). */
  static fixed(settings: AccessSettings): AccessSettingsCache {
    const cache = new AccessSettingsCache(undefined as unknown as BusClient);
    cache.cached.set('settings', settings, Number.POSITIVE_INFINITY);
    return cache;
  }

  get(ctx: { requestId: string }): Promise<AccessSettings> {
    return this.cached.get('settings', () => this.bus.call(getAccessSettings, {}, { requestId: ctx.requestId, caller: null }));
  }
}

/** Where the invite-only setting is read from: the kit's cache, or identity's own settings. */
export interface AccessSettingsSource {
  get(ctx: { requestId: string }): Promise<Pick<AccessSettings, 'inviteOnly'>>;
}

/** A service that holds the settings itself (identity) provides its own source under this token. */
export const ACCESS_SETTINGS_SOURCE = Symbol('ACCESS_SETTINGS_SOURCE');

/**
 * Job and member reads (access `board`, run by the bus server): public unless the service is invite-only, then only for members who
 * were let in (signed out: 401; signed in but not let in: 403).
 */
export async function requireReadAccess(ctx: Pick<HandlerContext, 'caller' | 'requestId'>, settings: AccessSettingsSource): Promise<void> {
  if (ctx.caller && ctx.caller.admitted !== false) return;
  const { inviteOnly } = await settings.get(ctx);
  if (!inviteOnly) return;
  if (!ctx.caller) throw AppError.unauthorized(INVITE_ONLY_READ_MESSAGE);
  throw AppError.forbidden(NOT_ADMITTED_MESSAGE, 'not_admitted');
}
