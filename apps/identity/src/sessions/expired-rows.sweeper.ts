import type { PeriodicTask } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { sweepExpiredRows } from './sessions.queries.js';

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
    return sweepExpiredRows(this.ds);
  }
}
