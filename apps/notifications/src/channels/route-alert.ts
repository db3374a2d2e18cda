import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { alertEmailQueue, alertPushQueue } from '@marketplace/contracts';
import { enqueueWork } from '@marketplace/service-kit';
import { channelsConfig } from './channels.config.js';
import { SWITCH_COLUMN, type EmailSwitch } from './email-switches.js';

/**
 * Sends a newly written alert on to email and browser push, inside the transaction that wrote it,
 * so the work items exist exactly when the alert does (an event redelivered writes no alert and
 * so queues nothing twice).
 */
export async function routeAlert(
  em: EntityManager, alert: { id: string; memberId: string; emailSwitch: EmailSwitch | null },
): Promise<void> {
  if (alert.emailSwitch && channelsConfig().smtpUrl) await joinEmailDigest(em, alert.id, alert.memberId, alert.emailSwitch);
  if (channelsConfig().push) {
    const [row] = (await em.query('SELECT EXISTS (SELECT 1 FROM push_subscriptions WHERE member_id = $1) AS subscribed', [alert.memberId])) as
      { subscribed: boolean }[];
    if (row?.subscribed) await enqueueWork(em, alertPushQueue, { alertId: alert.id });
  }
}

/**
 * The alert waits in email_alerts (digest_id null) for the member's open digest; when none is open this
 * opens one, due a window after the previous digest (at once for a member's first), and queues
 * it. Upserting the member's row locks it against the sender closing the digest at that moment.
 */
async function joinEmailDigest(em: EntityManager, alertId: string, memberId: string, emailSwitch: EmailSwitch): Promise<void> {
  if (emailSwitch !== 'account') {
    const [prefs] = (await em.query(
      `SELECT ${SWITCH_COLUMN[emailSwitch]} AS on FROM notification_preferences WHERE member_id = $1`, [memberId],
    )) as { on: boolean }[];
    // Switched off now: never emailed, even if the switch is turned back on later.
    if (prefs && !prefs.on) return;
  }
  await em.query('INSERT INTO email_alerts (alert_id, member_id, email_switch) VALUES ($1, $2, $3)', [alertId, memberId, emailSwitch]);
  const candidate = randomUUID();
  const [member] = (await em.query(
    `INSERT INTO email_members (member_id, open_digest_id) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET open_digest_id = coalesce(email_members.open_digest_id, EXCLUDED.open_digest_id)
     RETURNING open_digest_id, last_closed_at`,
    [memberId, candidate],
  )) as { open_digest_id: string; last_closed_at: Date | null }[];
  if (member!.open_digest_id !== candidate) return;
  await em.query(
    `INSERT INTO email_digests (id, member_id, send_after)
     VALUES ($1, $2, greatest(now(), coalesce($3::timestamptz + make_interval(secs => $4::double precision), now())))`,
    [candidate, memberId, member!.last_closed_at, channelsConfig().emailWindowMs / 1000],
  );
  await enqueueWork(em, alertEmailQueue, { digestId: candidate });
}
