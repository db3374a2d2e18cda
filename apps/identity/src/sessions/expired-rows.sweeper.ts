import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PeriodicTask } from '@marketplace/service-kit';

/**
 * Rows nobody can use any more: expired sessions, sign-in links a day past their expiry, OIDC
 * sign-in requests and OAuth records an hour past theirs, identity provider event ids past their
 * hour. Reads already ignore them; this keeps the tables small. A periodic task of the kit, every 10 minutes, each tick in one replica.
 */
@Injectable()
export class ExpiredRowsSweeper implements PeriodicTask {
  readonly name = 'identity-expired-rows';
  readonly intervalMs = 10 * 60_000;

  constructor(private readonly ds: DataSource) {}

  async run(): Promise<Record<string, number>> {
    const deleted = async (sql: string) => ((await this.ds.query(sql)) as [unknown, number])[1] ?? 0;
    return {
      sessions: await deleted(`DELETE FROM sessions WHERE expires_at < now()`),
      magicLinks: await deleted(`DELETE FROM magic_links WHERE expires_at < now() - interval '1 day'`),
      oidcRequests: await deleted(`DELETE FROM oidc_requests WHERE expires_at < now()`),
      oauthRecords: await deleted(`DELETE FROM oauth_records WHERE expires_at < now() - interval '1 hour'`),
      identityWebhookEvents: await deleted(`DELETE FROM identity_webhook_events WHERE expires_at < now()`),
    };
  }
}
