import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { alertEmailQueue, getMemberContact, type ContactSwitch } from '@marketplace/contracts';
import type { EmailSwitch } from '../channels/email-switches.js';
import { BusClient, DeferWork, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { channelsConfig } from '../channels/channels.config.js';
import { unsubscribeKey } from '../channels/notification-keys.js';
import { AlertMailer } from './alert-mailer.js';
import { loadSwitches, SWITCH_TEXT } from './contact-notifications.handlers.js';
import { signUnsubscribe } from './unsubscribe-token.js';

interface DigestRow { member_id: string; send_after: Date; closed_at: Date | null; sent_at: Date | null }
interface AlertRow { email_switch: EmailSwitch; message: string; job_id: string | null }

/**
 * Sends one member's digest: waits out the member's window, then takes every alert waiting for
 * email in one transaction (closing the digest, so later alerts open the next one), then mails
 * them. A retry after the digest closed mails the same alerts again only if the first attempt
 * never recorded its send; one sent digest is never sent again.
 */
@Injectable()
export class AlertEmailWorker implements WorkHandler<typeof alertEmailQueue.payload> {
  readonly queue = alertEmailQueue;

  constructor(private readonly ds: DataSource, private readonly bus: BusClient, private readonly mailer: AlertMailer) {}

  async run({ digestId }: { digestId: string }, ctx: WorkContext): Promise<void> {
    const [digest] = (await this.ds.query(
      'SELECT member_id, send_after, closed_at, sent_at FROM email_digests WHERE id = $1', [digestId],
    )) as DigestRow[];
    if (!digest || digest.sent_at) return;
    if (!digest.closed_at) {
      const wait = new Date(digest.send_after).getTime() - Date.now();
      if (wait > 0) throw new DeferWork(wait);
      await this.close(digestId, digest.member_id);
    }
    const memberId = digest.member_id;
    const switches = await loadSwitches(this.ds, memberId);
    const alerts = ((await this.ds.query(
      `SELECT e.email_switch, a.message, a.job_id FROM email_alerts e JOIN alerts a ON a.id = e.alert_id
       WHERE e.digest_id = $1 ORDER BY a.created_at, a.id`, [digestId],
    )) as AlertRow[]).filter((a) => a.email_switch === 'account' || switches[a.email_switch]);
    const { email, name } = alerts.length
      ? await this.bus.call(getMemberContact, { memberId }, { requestId: ctx.id, caller: null })
      : { email: null, name: null };
    if (email) {
      await this.mailer.send(await this.compose(digestId, memberId, email, name, alerts));
    }
    await this.ds.query('UPDATE email_digests SET sent_at = now(), emailed = $2 WHERE id = $1', [digestId, !!email]);
  }

  /** Closing and taking the alerts happen under the member row's lock, like opening (see routeAlert). */
  private async close(digestId: string, memberId: string): Promise<void> {
    await this.ds.transaction(async (em) => {
      await em.query(
        `UPDATE email_members SET open_digest_id = NULL, last_closed_at = now() WHERE member_id = $1 AND open_digest_id = $2`,
        [memberId, digestId],
      );
      // An UPDATE answers [rows, count].
      const [closed] = (await em.query(
        'UPDATE email_digests SET closed_at = now() WHERE id = $1 AND closed_at IS NULL RETURNING id', [digestId],
      )) as [unknown[], number];
      if (!closed.length) return;
      await em.query('UPDATE email_alerts SET digest_id = $1 WHERE member_id = $2 AND digest_id IS NULL', [digestId, memberId]);
    });
  }

  private async compose(digestId: string, memberId: string, to: string, name: string | null, alerts: AlertRow[]) {
    const key = await unsubscribeKey(this.ds);
    const base = channelsConfig().publicUrl;
    // Account notices are always sent: they name no switch and add no unsubscribe link.
    const used = [...new Set(alerts.map((a) => a.email_switch))].filter((s): s is ContactSwitch => s !== 'account');
    const lines = alerts.map((a) => `- ${a.message}${a.job_id ? `\n  ${base}/jobs/${a.job_id}` : ''}`);
    const links = used.map((s) => `${SWITCH_TEXT[s]}: turn off at ${base}/unsubscribe?token=${signUnsubscribe(key, memberId, s)}`);
    const subject = alerts.length === 1 ? alerts[0]!.message : `${alerts.length} new alerts on the marketplace`;
    const text = [
      `Hello${name ? ` ${name}` : ''},`, '',
      ...lines, '',
      'Your agent sees these alerts too (get_notifications).', '',
      ...(links.length ? ['You receive these emails because their switches are on:', ...links] : ['This is a notice about your account.']),
      `All switches: ${base}/api/me/contact-notifications`,
    ].join('\n');
    const first = used[0];
    return {
      to, subject: subject.length > 150 ? `${subject.slice(0, 147)}...` : subject, text,
      messageId: `<alerts-${digestId}@marketplace>`,
      headers: first ? {
        'List-Unsubscribe': `<${base}/unsubscribe?token=${signUnsubscribe(key, memberId, first)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      } : {} as Record<string, string>,
    };
  }
}
