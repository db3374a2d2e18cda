import { type AccessSettings, SETTINGS_CHANGED_SUBJECT } from '@marketplace/contracts';
import { type BroadcastListener, LOGGER, type Logger, NATS_CONNECTION, startBroadcastConsumer, TtlCache } from '@marketplace/service-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { identitySettings } from '../identity.settings.js';
import { deleteSetting, recordInviteOnlySince, savedSettings, saveSetting } from './settings.queries.js';

export interface EffectiveSettings extends AccessSettings {
  /** When invite-only last took effect: members who existed before then count as let in. */
  inviteOnlySince: Date | null;
}

const TTL_MS = 5_000;

/** The defaults from the environment (identity's declared settings, read at its start). */
export function admissionDefaults() {
  const { inviteOnly, identityVerification, invitationsPerMember } = identitySettings();
  return { inviteOnly, identityVerification, invitationsPerMember };
}

/**
 * Admission settings: the environment gives the defaults (INVITE_ONLY, IDENTITY_VERIFICATION,
 * INVITATIONS_PER_MEMBER), the operator may override them at runtime. Read per request from a
 * short cache that every identity replica drops as soon as one announces a change (a broadcast
 * consumer of the change signal).
 */
@Injectable()
export class SettingsService implements OnModuleInit, OnModuleDestroy {
  private readonly cached = new TtlCache<EffectiveSettings>(TTL_MS, 1);
  private listener: BroadcastListener | undefined;

  constructor(
    private readonly ds: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const drop = () => this.cached.clear();
    this.listener = startBroadcastConsumer(this.nc, { name: 'identity-settings', events: [SETTINGS_CHANGED_SUBJECT], hear: drop, missed: drop }, this.logger);
  }

  onModuleDestroy(): void {
    this.listener?.stop();
  }

  current(): Promise<EffectiveSettings> {
    return this.cached.get('settings', () => this.load());
  }

  async set(key: string, value: boolean | number | null): Promise<EffectiveSettings> {
    if (value === null) await deleteSetting(this.ds, key);
    else await saveSetting(this.ds, key, value);
    this.cached.clear();
    const settings = await this.current();
    this.nc.publish(SETTINGS_CHANGED_SUBJECT);
    await this.nc.flush();
    return settings;
  }

  private async load(): Promise<EffectiveSettings> {
    const rows = await savedSettings(this.ds);
    const saved = new Map(rows.map((r) => [r.key, r]));
    const defaults = admissionDefaults();
    const bool = (key: string, fallback: boolean) => {
      const v = saved.get(key)?.value;
      return typeof v === 'boolean' ? v : fallback;
    };
    const inviteOnly = bool('invite_only', defaults.inviteOnly);
    const perMember = saved.get('invitations_per_member')?.value;
    let since: unknown = saved.get('invite_only_since')?.value;
    // Record the moment invite-only takes effect (and forget it when it ends), whichever way it was switched.
    if (inviteOnly && typeof since !== 'string') {
      since = await recordInviteOnlySince(this.ds);
    } else if (!inviteOnly && since !== undefined) {
      await deleteSetting(this.ds, 'invite_only_since');
      since = undefined;
    }
    return {
      inviteOnly,
      identityVerification: bool('identity_verification', defaults.identityVerification),
      invitationsPerMember: typeof perMember === 'number' ? perMember : defaults.invitationsPerMember,
      inviteOnlySince: typeof since === 'string' ? new Date(since) : null,
    };
  }
}
