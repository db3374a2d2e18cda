import { randomUUID } from 'node:crypto';

import { alertEmailQueue, alertPushQueue } from '@marketplace/contracts';
import { enqueueWork } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { channelsConfig } from './channels.config.js';
import { addEmailAlert, emailSwitchOn, hasPushSubscription, lockEmailMember, openEmailDigest } from './channels.queries.js';
import { type EmailSwitch, SWITCH_COLUMN } from './email-switches.js';

/**
 * Sends a newly written alert on to email and browser push, inside the transaction that wrote it,
 * so the work items exist exactly when the alert does (an event redelivered writes no alert and
 * so queues nothing twice).
 */
export async function routeAlert(em: EntityManager, alert: { id: string; memberId: string; emailSwitch: EmailSwitch | null }): Promise<void> {
  if (alert.emailSwitch && channelsConfig().smtpUrl) await joinEmailDigest(em, alert.id, alert.memberId, alert.emailSwitch);
  if (channelsConfig().push && (await hasPushSubscription(em, alert.memberId))) {
    await enqueueWork(em, alertPushQueue, { alertId: alert.id });
  }
}

/**
 * The alert waits in email_alerts (digest_id null) for the member's open digest; when none is open this
 * opens one, due a window after the previous digest (at once for a member's first), and queues
 * it. Upserting the member's row locks it against the sender closing the digest at that moment.
 */
async function joinEmailDigest(em: EntityManager, alertId: string, memberId: string, emailSwitch: EmailSwitch): Promise<void> {
  if (emailSwitch !== 'account') {
    const on = await emailSwitchOn(em, memberId, SWITCH_COLUMN[emailSwitch]);
    // Switched off now: never emailed, even if the switch is turned back on later.
    if (on === false) return;
  }
  await addEmailAlert(em, alertId, memberId, emailSwitch);
  const candidate = randomUUID();
  const member = await lockEmailMember(em, memberId, candidate);
  if (member!.open_digest_id !== candidate) return;
  await openEmailDigest(em, candidate, memberId, member!.last_closed_at, channelsConfig().emailWindowMs / 1000);
  await enqueueWork(em, alertEmailQueue, { digestId: candidate });
}
