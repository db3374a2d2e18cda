import { alertEmailQueue, CONTACT_SWITCHES, type ContactSwitch, getMemberContact } from '@marketplace/contracts';
import { BusClient, DeferWork, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { channelsConfig } from '../channels/channels.config.js';
import type { EmailSwitch } from '../channels/email-switches.js';
import { unsubscribeKey } from '../channels/notification-keys.js';
import { AlertMailer } from './alert-mailer.js';
import { loadSwitches, SWITCH_TEXT } from './contact-notifications.handlers.js';
import { closeDigest, type DigestAlert, digestAlerts, digestOf, markDigestSent } from './email.queries.js';
import { signUnsubscribe } from './unsubscribe-token.js';

type AlertRow = Omit<DigestAlert, 'email_switch'> & { email_switch: EmailSwitch };

/** The alert's switch, when it is one this service knows (an unknown one is never emailed). */
function withSwitch(a: DigestAlert): AlertRow | undefined {
  const known = a.email_switch === 'account' || (CONTACT_SWITCHES as readonly string[]).includes(a.email_switch);
  return known ? { ...a, email_switch: a.email_switch as EmailSwitch } : undefined;
}

/**
 * Sends one member's digest: waits out the member's window, then takes every alert waiting for
 * email in one transaction (closing the digest, so later alerts open the next one), then mails
 * them. A retry after the digest closed mails the same alerts again only if the first attempt
 * never recorded its send; one sent digest is never sent again.
 */
@Injectable()
export class AlertEmailWorker implements WorkHandler<typeof alertEmailQueue.payload> {
  readonly queue = alertEmailQueue;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
    private readonly mailer: AlertMailer,
  ) {}

  async run({ digestId }: { digestId: string }, ctx: WorkContext): Promise<void> {
    const digest = await digestOf(this.ds, digestId);
    if (!digest || digest.sent_at) return;
    if (!digest.closed_at) {
      const wait = new Date(digest.send_after).getTime() - Date.now();
      if (wait > 0) throw new DeferWork(wait);
      await this.close(digestId, digest.member_id);
    }
    const memberId = digest.member_id;
    const switches = await loadSwitches(this.ds, memberId);
    const alerts = (await digestAlerts(this.ds, digestId))
      .map(withSwitch)
      .filter((a): a is AlertRow => !!a && (a.email_switch === 'account' || switches[a.email_switch]));
    const { email, name } = alerts.length
      ? await this.bus.call(getMemberContact, { memberId }, { requestId: ctx.id, caller: null })
      : { email: null, name: null };
    if (email) {
      await this.mailer.send(await this.compose(digestId, memberId, email, name, alerts));
    }
    await markDigestSent(this.ds, digestId, !!email);
  }

  /** Closing and taking the alerts happen under the member row's lock, like opening (see writeAlertRows). */
  private async close(digestId: string, memberId: string): Promise<void> {
    await this.ds.transaction((em) => closeDigest(em, digestId, memberId));
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
      `Hello${name ? ` ${name}` : ''},`,
      '',
      ...lines,
      '',
      'Your agent sees these alerts too (get_notifications).',
      '',
      ...(links.length ? ['You receive these emails because their switches are on:', ...links] : ['This is a notice about your account.']),
      `All switches: ${base}/api/me/contact-notifications`,
    ].join('\n');
    const first = used[0];
    return {
      to,
      subject: subject.length > 150 ? `${subject.slice(0, 147)}...` : subject,
      text,
      messageId: `<alerts-${digestId}@marketplace>`,
      headers: first
        ? {
            'List-Unsubscribe': `<${base}/unsubscribe?token=${signUnsubscribe(key, memberId, first)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : ({} as Record<string, string>),
    };
  }
}
