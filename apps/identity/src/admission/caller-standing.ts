import type { Caller } from '@marketplace/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { SettingsService } from '../settings/settings.service.js';
import { isStaff } from '../sign-in/staff-policy.js';
import { finishSignUp, type StandingRow } from './admission.queries.js';
import { finishesAutomatically, isAdmitted, signUpPending, type StandingFacts } from './standing.js';

export { STANDING_COLUMNS, type StandingRow } from './admission.queries.js';

export type Standing = Pick<Caller, 'staff' | 'emailVerified' | 'admitted' | 'signUpPending' | 'suspended'>;

/** What an API key, a browser session and an OAuth token all carry about the member behind them. */
@Injectable()
export class CallerStanding {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: SettingsService,
  ) {}

  async of(memberId: string, row: StandingRow): Promise<Standing> {
    const settings = await this.settings.current();
    const facts: StandingFacts = {
      email: row.email,
      staff: row.staff,
      emailVerifiedAt: row.email_verified_at,
      createdAt: row.created_at,
      admittedAt: row.admitted_at,
      signUpFinishedAt: row.sign_up_finished_at,
    };
    // Recorded before answering (once per member), so turning verification on later cannot
    // send someone who already used the service back to the first step.
    if (finishesAutomatically(facts, settings)) {
      await finishSignUp(this.ds, memberId);
    }
    const verified = row.email_verified_at !== null;
    return {
      staff: isStaff({ email: row.email, staff: row.staff, verified }),
      emailVerified: verified,
      admitted: isAdmitted(facts, settings),
      signUpPending: signUpPending(facts, settings),
      ...(row.suspension_reason !== null ? { suspended: row.suspension_reason } : {}),
    };
  }
}
