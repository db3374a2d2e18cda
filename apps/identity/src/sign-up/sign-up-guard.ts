import { AppError } from '@marketplace/contracts';

import type { Member } from '../members/members.queries.js';
import type { EffectiveSettings } from '../settings/settings.service.js';

/** With verification disabled nobody has steps left; otherwise until finished. */
export function requireSignUpOpen(member: Member, settings: EffectiveSettings): void {
  if (!settings.identityVerification || member.signUpFinishedAt) throw AppError.conflict('Sign-up is already finished.');
}
