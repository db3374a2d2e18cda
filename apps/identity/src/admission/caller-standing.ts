import type { DataSource, EntityManager } from 'typeorm';
import type { EffectiveSettings } from '../settings/settings.service.js';
import { finishesAutomatically, isAdmitted, signUpPending, type StandingFacts } from './standing.js';

/**
 * What every authentication path (API keys, browser sessions, OAuth) puts on the Caller besides
 * the member id: whether they were let in and whether sign-up is still owed. With verification
 * off, an admitted member's sign-up is recorded as finished here, once, before answering, so
 * turning verification on later cannot send someone who already used the service back to step one.
 */
export async function callerStanding(
  db: DataSource | EntityManager, memberId: string, facts: StandingFacts, settings: EffectiveSettings,
): Promise<{ admitted: boolean; signUpPending: boolean }> {
  if (finishesAutomatically(facts, settings)) {
    await db.query('UPDATE members SET sign_up_finished_at = now() WHERE id = $1 AND sign_up_finished_at IS NULL', [memberId]);
  }
  return { admitted: isAdmitted(facts, settings), signUpPending: signUpPending(facts, settings) };
}
