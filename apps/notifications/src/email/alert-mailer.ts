import { loadMailer } from '@marketplace/service-kit';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';

import { channelsConfig } from '../channels/channels.config.js';

export interface AlertMail {
  to: string;
  subject: string;
  text: string;
  /** Stable per digest, so a mail system that sees a resend can tell it is the same message. */
  messageId: string;
  headers: Record<string, string>;
}

/** Alert email over SMTP_URL; a failure throws so the work item is retried with backoff. */
@Injectable()
export class AlertMailer implements OnModuleDestroy {
  private transport: Promise<Transporter> | undefined;

  async send(mail: AlertMail): Promise<void> {
    if (!channelsConfig().smtpUrl) throw new Error('SMTP_URL is not set');
    // Short timeouts: a hung mail server must fail the attempt, not hold the worker's slot.
    this.transport ??= loadMailer().then((mailer) =>
      mailer.createTransport({
        url: channelsConfig().smtpUrl,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 10_000,
      } as never),
    );
    await (await this.transport).sendMail({ from: channelsConfig().mailFrom, ...mail });
  }

  onModuleDestroy(): void {
    void this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}
