import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '@marketplace/contracts';
import { SettingsService } from '../settings/settings.service.js';
import { isStaff } from '../sign-in/staff-policy.js';
import { finishesAutomatically, isAdmitted, signUpPending, type StandingFacts } from './standing.js';

/** Member columns every authentication path selects (alias `m` for members), so all agree on standing. */
export const STANDING_COLUMNS =
  'm.email, m.staff, m.created_at, m.email_verified_at, m.admitted_at, m.sign_up_finished_at, m.suspension_reason';

export interface StandingRow {
  email: string; staff: boolean; created_at: Date; email_verified_at: Date | null;
  admitted_at: Date | null; sign_up_finished_at: Date | null; suspension_reason: string | null;
}

export type Standing = Pick<Caller, 'staff' | 'emailVerified' | 'admitted' | 'signUpPending' | 'suspended'>;

/** What an API key, a browser session and an OAuth token all carry about the member behind them. */
@Injectable()
export class CallerStanding {
  constructor(private readonly ds: DataSource, private readonly settings: SettingsService) {}

  async of(memberId: string, row: StandingRow): Promise<Standing> {
    const settings = await this.settings.current();
    const facts: StandingFacts = {
      email: row.email, staff: row.staff, emailVerifiedAt: row.email_verified_at, createdAt: row.created_at,
      admittedAt: row.admitted_at, signUpFinishedAt: row.sign_up_finished_at,
    };
    // Recorded before answering (once per member), so turning verification on later cannot
    // send someone who already used the service back to the first step.
    if (finishesAutomatically(facts, settings)) {
      await this.ds.query('UPDATE members SET sign_up_finished_at = now() WHERE id = $1 AND sign_up_finished_at IS NULL', [memberId]);
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
