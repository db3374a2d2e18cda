import { AppError } from '@marketplace/contracts';
import { loadMailer } from '@marketplace/service-kit';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';

import { signInConfig } from './sign-in.config.js';

/** Email over SMTP (SMTP_URL). Absent configuration means email features are off, not broken. */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private transport: Promise<Transporter> | undefined;

  get configured(): boolean {
    return signInConfig().smtpUrl !== undefined;
  }

  async send(message: { to: string; subject: string; text: string; html: string }): Promise<void> {
    if (!signInConfig().smtpUrl) throw AppError.notFound('Email is not configured on this service.');
    // Short timeouts: a mail server that hangs must become a 503, not a request that never ends.
    this.transport ??= loadMailer().then((mailer) =>
      mailer.createTransport({
        url: signInConfig().smtpUrl,
        connectionTimeout: 3000,
        greetingTimeout: 3000,
        socketTimeout: 4000,
      }),
    );
    try {
      await (await this.transport).sendMail({ from: signInConfig().mailFrom, ...message });
    } catch {
      throw AppError.unavailable('Email could not be sent right now. Try again shortly.');
    }
  }

  onModuleDestroy(): void {
    void this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}
